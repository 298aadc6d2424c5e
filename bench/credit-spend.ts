import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { newConfirmedUser, type TestUser } from '../test/support/client.js';
import { grantCredits } from '../test/support/ledger.js';
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
 * One credit spend (POST /api/credits/services/use through the local gateway: token check,
 * validation, rule lookup, wallet + lots read, one TransactWriteItems of idempotency record,
 * balance, lot and ledger record) under 20 concurrent clients, each with its own wallet, next
 * to one bare TransactWriteItems of the same shape (4 items, same conditions style) sent
 * straight to DynamoDB Local with the same concurrency.
 */
const CLIENTS = Number(process.env.BENCH_SPEND_CLIENTS ?? 20);
const ROUNDS = Number(process.env.BENCH_SPEND_ROUNDS ?? 15);

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

export async function run(): Promise<BenchResult> {
  heading(`Credit spend (${CLIENTS} concurrent clients × ${ROUNDS} spends)`);
  const stack = await spawnStack(['--no-web']);
  try {
    const { info } = stack;
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    const users: TestUser[] = [];
    for (let i = 0; i < CLIENTS; i++) users.push(await newConfirmedUser(info, `Bench${i}`));
    for (const u of users) await grantCredits(info, u.accessToken, ROUNDS * 2 + 10);

    const spend = async (u: TestUser) => {
      const t = nowMs();
      const res = await fetch(`${info.url}/api/credits/services/use`, {
        method: 'POST',
        headers: { authorization: `Bearer ${u.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ service_name: 'ai_chat_message', idempotency_key: randomUUID() }),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`spend → ${res.status} ${text}`);
      return nowMs() - t;
    };

    const db = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: info.endpoints.dynamodb,
        region: 'us-east-1',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      }),
    );
    const T = info.tableName;
    const versions = new Map<number, number>();
    const bare = async (client: number) => {
      const v = versions.get(client) ?? 0;
      const pk = `BENCH#${client}`;
      const t = nowMs();
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: T,
                Item: { pk: `BENCHIDEMP#${randomUUID()}`, sk: 'IDEMP', entry: { amount: -1 } },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Update: {
                TableName: T,
                Key: { pk, sk: 'BALANCE' },
                UpdateExpression: 'SET balance = :b, version = :v',
                ConditionExpression: v === 0 ? 'attribute_not_exists(version)' : 'version = :p',
                ExpressionAttributeValues: {
                  ':b': 1000 - v,
                  ':v': v + 1,
                  ...(v === 0 ? {} : { ':p': v }),
                },
              },
            },
            {
              Update: {
                TableName: T,
                Key: { pk, sk: 'LOT#1' },
                UpdateExpression: 'SET remaining = :r',
                ExpressionAttributeValues: { ':r': 1000 - v },
              },
            },
            {
              Put: {
                TableName: T,
                Item: { pk, sk: `TX#${String(v + 1).padStart(12, '0')}`, amount: -1 },
              },
            },
          ],
        }),
      );
      versions.set(client, v + 1);
      return nowMs() - t;
    };

    const measure = async (one: (i: number) => Promise<number>) => {
      const samples: number[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        samples.push(...(await Promise.all(Array.from({ length: CLIENTS }, (_, i) => one(i)))));
      }
      return samples;
    };
    // Warm-up round for both.
    await Promise.all(users.map((u) => spend(u)));
    await Promise.all(users.map((_, i) => bare(i)));

    const apiSamples = await measure((i) => spend(users[i] as TestUser));
    const bareSamples = await measure((i) => bare(i));
    db.destroy();

    const row = (name: string, s: number[], ref: number[]) => [
      name,
      ms(percentile(s, 50)),
      ms(percentile(s, 99)),
      ratio(percentile(s, 50), percentile(ref, 50)),
    ];
    print(
      table(
        ['operation', 'p50', 'p99', 'p50/bare'],
        [
          row('POST /api/credits/services/use', apiSamples, bareSamples),
          row('bare TransactWriteItems (4 items)', bareSamples, bareSamples),
        ],
      ),
    );
    const summary: SummaryRow[] = [
      {
        bench: 'credit-spend',
        subject: `credit spend p50/p99 @${CLIENTS} clients`,
        value: `${ms(percentile(apiSamples, 50))} / ${ms(percentile(apiSamples, 99))}`,
        reference: `bare tx ${ms(percentile(bareSamples, 50))} / ${ms(percentile(bareSamples, 99))}`,
        target: '(reported)',
        met: true,
      },
    ];
    return { name: 'credit-spend', summary };
  } finally {
    await stack.stop();
  }
}

runIfMain(import.meta.url, run);
