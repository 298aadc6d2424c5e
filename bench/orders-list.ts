import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { newConfirmedUser } from '../test/support/client.js';
import { spawnStack } from '../test/support/spawn-stack.js';
import {
  type BenchResult,
  heading,
  ms,
  percentile,
  print,
  ratio,
  runIfMain,
  type SummaryRow,
  table,
} from './common.js';

/**
 * /mis-pedidos data for a user with 500 orders: p50/p99 of `GET /api/orders` (first page of 10,
 * with the stat cards) through the local gateway, next to the raw queries that answer it made
 * directly with the DocumentClient: the gsi1 history Query (`USER#{sub}#ORDERS`, newest first,
 * the list's fields only, every page) plus the COUNT Query of the cart (`USER#{sub}#REQ#pending`).
 * The orders are written straight into the table with the keys of functions/orders/repo.ts
 * (orderPut), as checkout would leave them.
 */
const ORDERS = Number(process.env.BENCH_ORDERS ?? 500);
const N = Number(process.env.BENCH_ORDERS_REQUESTS ?? 100);
const WARMUP = 10;

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

export async function run(): Promise<BenchResult> {
  heading(`Orders list (/mis-pedidos data, ${ORDERS} orders, ${N} requests each side)`);
  print('Starting an ephemeral local stack (--no-web)...');
  const stack = await spawnStack(['--no-web']);
  try {
    const { info } = stack;
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    // The repo builds the items exactly as checkout writes them.
    process.env.TABLE_NAME = info.tableName;
    const { orderPut, SUMMARY_FIELDS } = await import('../functions/orders/repo.js');
    const db = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: info.endpoints.dynamodb,
        region: 'us-east-1',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      }),
      { marshallOptions: { removeUndefinedValues: true } },
    );
    const user = await newConfirmedUser(info, 'Pedidos');
    const sub = JSON.parse(
      Buffer.from(user.accessToken.split('.')[1] ?? '', 'base64url').toString(),
    ).sub as string;

    const start = Date.now() - ORDERS * 3_600_000;
    const items = Array.from({ length: ORDERS }, (_, i) => {
      const created = new Date(start + i * 3_600_000).toISOString();
      const id = randomUUID();
      const put = orderPut({
        id,
        order_number: `ORD-BENCH-${String(i).padStart(5, '0')}`,
        user_sub: sub,
        title: `Contrato de arriendo ${i}`,
        status: i % 7 === 0 ? 'completed' : 'processing',
        total_price: 11970 + i,
        subtotal: 11970 + i,
        tax: 0,
        discounts: 0,
        coupons: [],
        credits_used: 0,
        credits_discount_amount: 0,
        payment_method_mix: 'full_currency',
        payment_method_label: 'Tarjeta',
        product_label: 'Copia legalizada + Firma Electrónica Simple',
        delivery_options: true,
        signers_count: 3,
        signer_ids: [randomUUID(), randomUUID(), randomUUID()],
        item_count: 2,
        country_id: 'cl',
        currency_code: 'CLP',
        request_id: randomUUID(),
        request_number: `SOL-BENCH${i}`,
        document_id: randomUUID(),
        document_name: `contrato-${i}.pdf`,
        original_file_url: null,
        signed_file_url: null,
        notarized_file_url: null,
        payment_intent_id: `pi_bench${i}`,
        credits_idempotency_key: null,
        billing: {
          first_name: 'Ana',
          last_name: 'Pérez',
          email: 'ana@example.com',
          phone: '987654321',
          company: null,
          address: 'Av. Providencia 1234',
          city: 'Santiago',
          whatsapp: '987654321',
          billing_country_id: 'cl',
          region_province: 'Región Metropolitana',
        },
        created_at: created,
        updated_at: created,
      });
      if (!put.Put) throw new Error('orderPut did not build a Put');
      return put.Put.Item;
    });
    for (let i = 0; i < items.length; i += 25) {
      await db.send(
        new BatchWriteCommand({
          RequestItems: {
            [info.tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })),
          },
        }),
      );
    }
    print(`Wrote ${ORDERS} orders for one user.`);

    const url = `${info.url}/api/orders?page=1&page_size=10`;
    const api = async () => {
      const res = await fetch(url, { headers: { authorization: `Bearer ${user.accessToken}` } });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`GET /api/orders → ${res.status} ${text}`);
      return JSON.parse(text) as { total: number; orders: unknown[] };
    };
    const names = Object.fromEntries(SUMMARY_FIELDS.map((f, i) => [`#p${i}`, f]));
    const raw = async () => {
      let count = 0;
      let startKey: Record<string, unknown> | undefined;
      do {
        const res = await db.send(
          new QueryCommand({
            TableName: info.tableName,
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :pk',
            ExpressionAttributeValues: { ':pk': `USER#${sub}#ORDERS` },
            ExpressionAttributeNames: names,
            ProjectionExpression: Object.keys(names).join(', '),
            ScanIndexForward: false,
            ExclusiveStartKey: startKey,
          }),
        );
        count += res.Items?.length ?? 0;
        startKey = res.LastEvaluatedKey;
      } while (startKey);
      await db.send(
        new QueryCommand({
          TableName: info.tableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': `USER#${sub}#REQ#pending` },
          Select: 'COUNT',
        }),
      );
      return count;
    };

    const first = await api();
    const rawCount = await raw();
    if (first.total !== ORDERS || rawCount !== ORDERS) {
      throw new Error(`API total ${first.total}, raw ${rawCount}, expected ${ORDERS}`);
    }
    for (let i = 0; i < WARMUP; i++) {
      await api();
      await raw();
    }
    const a: number[] = [];
    const r: number[] = [];
    for (let i = 0; i < N; i++) {
      let t = nowMs();
      await api();
      a.push(nowMs() - t);
      t = nowMs();
      await raw();
      r.push(nowMs() - t);
    }
    const row = (name: string, s: number[], ref: number[]) => [
      name,
      ms(percentile(s, 50)),
      ms(percentile(s, 90)),
      ms(percentile(s, 99)),
      ratio(percentile(s, 50), percentile(ref, 50)),
    ];
    print();
    print(
      table(
        ['request', 'p50', 'p90', 'p99', 'p50/raw'],
        [
          row('GET /api/orders (page 1 of 10, stats)', a, r),
          row('raw: history Query (all pages) + cart COUNT', r, r),
        ],
      ),
    );
    db.destroy();
    const summary: SummaryRow[] = [
      {
        bench: 'orders',
        subject: `GET /api/orders p50 (${ORDERS} orders)`,
        value: `${ms(percentile(a, 50))} (${ratio(percentile(a, 50), percentile(r, 50))})`,
        reference: `raw queries ${ms(percentile(r, 50))}`,
        target: '(reported)',
        met: true,
      },
      {
        bench: 'orders',
        subject: `GET /api/orders p99 (${ORDERS} orders)`,
        value: ms(percentile(a, 99)),
        reference: `raw queries ${ms(percentile(r, 99))}`,
        target: '(reported)',
        met: true,
      },
    ];
    return { name: 'orders-list', summary };
  } finally {
    print('Stopping the stack...');
    await stack.stop();
  }
}

runIfMain(import.meta.url, run);
