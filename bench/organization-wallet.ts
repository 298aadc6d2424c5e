import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { newConfirmedUser, type TestUser } from '../test/support/client.js';
import {
  addMemberTo,
  grantOrganizationCredits,
  inOrganization,
  newOrganization,
} from '../test/support/organizations.js';
import { spawnStack } from '../test/support/spawn-stack.js';
import { pointAt } from '../test/support/table.js';
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
 * The organisation wallet under its members (issue 22): one organisation with MEMBERS members
 * and its wallet funded; every member spends at once (POST /api/credits/services/use,
 * 'ai_chat_message', a fresh idempotency key each, in the organisation's work context: the
 * `x-sello-context` header), ROUNDS rounds after one warm-up round. Every spend lands on ONE
 * wallet item (`WALLET#org:{id}` / `BALANCE`), so this is the ledger's contended case reached
 * through the gateway, with the membership check (pattern 143) on every call.
 *
 * The reference is the bare conditional UpdateItem of the same shape (the ledger's common-case
 * debit: balance, seq and the journal slot, ReturnValues UPDATED_NEW) sent straight to DynamoDB
 * Local, MEMBERS at once on one wallet-shaped item (reset between rounds, so its journal stays
 * the size a settled wallet carries); the consistent BatchGet + UpdateItem pair the ledger sends
 * is printed beside it. Printed, never asserted: statuses (2xx/4xx expected; any 5xx is
 * counted) and whether the final balance equals the grant minus every 200's amount.
 */
const MEMBERS = Number(process.env.BENCH_ORG_MEMBERS ?? 50);
const ROUNDS = Number(process.env.BENCH_ORG_ROUNDS ?? 8);

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const nowEpoch = () => Math.floor(Date.now() / 1000);

interface Answer {
  status: number;
  took: number;
  /** Credits moved by a 200 (negative for a spend). */
  amount: number;
}

export async function run(): Promise<BenchResult> {
  heading(
    `Organisation wallet: ${MEMBERS} members spending at once in its work context × ${ROUNDS}, ` +
      `vs the bare conditional UpdateItem ${MEMBERS} at once on one wallet item`,
  );
  print('Starting an ephemeral local stack (--no-web)...');
  const stack = await spawnStack(['--no-web']);
  try {
    const { info } = stack;
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    const { org } = await newOrganization(info);
    const members: TestUser[] = [];
    for (let i = 0; i < MEMBERS; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, MEMBERS - i) }, (_, j) =>
          newConfirmedUser(info, `Miembro${i + j}`),
        ),
      );
      members.push(...batch);
    }
    for (const m of members) await addMemberTo(info, org, m, 'member');
    // Enough for every spend (1 credit each in the test catalogue) with a wide margin: no 422.
    const GRANT = MEMBERS * (ROUNDS + 1) * 10 + 1000;
    await grantOrganizationCredits(info, org, GRANT);
    print(`Organisation ${org.id}: ${MEMBERS} members, ${GRANT} credits granted.`);

    const context = inOrganization(org.id);
    const spend = async (u: TestUser): Promise<Answer> => {
      const t = nowMs();
      const res = await fetch(`${info.url}/api/credits/services/use`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${u.accessToken}`,
          'content-type': 'application/json',
          ...context,
        },
        body: JSON.stringify({ service_name: 'ai_chat_message', idempotency_key: randomUUID() }),
      });
      const text = await res.text();
      const took = nowMs() - t;
      let amount = 0;
      if (res.status === 200) {
        amount = (JSON.parse(text) as { transaction: { amount: number } }).transaction.amount;
      }
      return { status: res.status, took, amount };
    };

    const db = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: info.endpoints.dynamodb,
        region: 'us-east-1',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      }),
    );
    const T = info.tableName;
    const BARE = { pk: `BENCHWALLET#org-${randomUUID()}`, sk: 'BALANCE' };
    // A bare wallet shaped like ours: figures, one lot, an empty journal (as after settlement).
    const resetBare = () =>
      db.send(
        new PutCommand({
          TableName: T,
          Item: {
            ...BARE,
            fmt: 2,
            balance: 100_000,
            totalUsed: 0,
            seq: 0,
            epoch: 0,
            jtFloor: 0,
            nextExpiryAt: 9_999_999_999,
            lots: { [randomUUID()]: { e: 9_999_999_999, r: 100_000, g: 100_000 } },
            j: {},
            js: {},
            jb: {},
            jt: {},
          },
        }),
      );
    const entry = () => ({
      k: `service:${randomUUID()}`,
      i: randomUUID(),
      t: 'usage',
      a: -1,
      d: 'Mensaje de chat con IA × 1',
      at: new Date().toISOString(),
      rt: 'credit_service',
      ri: 'ai_chat_message',
    });
    const bareUpdate = (slot: string) =>
      new UpdateCommand({
        TableName: T,
        Key: BARE,
        UpdateExpression:
          'SET #bal = #bal - :a, #tu = #tu + :a, #seq = #seq + :one, #j.#k = :e, ' +
          '#js.#k = #seq + :one, #jb.#k = #bal - :a',
        ConditionExpression:
          'attribute_exists(#fmt) AND attribute_not_exists(#j.#k) AND attribute_not_exists(#jt.#k) ' +
          'AND #jf <= :ep AND size(#j) < :max AND #bal >= :a AND #ne > :now',
        ExpressionAttributeNames: {
          '#bal': 'balance',
          '#tu': 'totalUsed',
          '#seq': 'seq',
          '#j': 'j',
          '#js': 'js',
          '#jb': 'jb',
          '#jt': 'jt',
          '#jf': 'jtFloor',
          '#fmt': 'fmt',
          '#ne': 'nextExpiryAt',
          '#k': slot,
        },
        ExpressionAttributeValues: {
          ':a': 1,
          ':one': 1,
          ':e': entry(),
          ':ep': 0,
          ':max': 250,
          ':now': nowEpoch(),
        },
        ReturnValues: 'UPDATED_NEW',
      });
    const bareRead = (slot: string) =>
      new BatchGetCommand({
        RequestItems: {
          [T]: {
            Keys: [BARE, { pk: `IDEMP#bench#${randomUUID()}`, sk: 'IDEMP' }],
            ConsistentRead: true,
            ProjectionExpression: 'pk, sk, fmt, balance, seq, epoch, jtFloor, #j.#k, #js.#k, entry',
            ExpressionAttributeNames: { '#j': 'j', '#js': 'js', '#k': slot },
          },
        },
      });
    let bareFailures = 0;
    const bareOne = async () => {
      const t = nowMs();
      await db.send(bareUpdate(randomUUID().slice(0, 16))).catch(() => bareFailures++);
      return nowMs() - t;
    };
    const barePair = async () => {
      const slot = randomUUID().slice(0, 16);
      const t = nowMs();
      await db.send(bareRead(slot));
      await db.send(bareUpdate(slot)).catch(() => bareFailures++);
      return nowMs() - t;
    };
    const allAt = <R>(f: () => Promise<R>) => Promise.all(Array.from({ length: MEMBERS }, f));

    // Warm-up round for each (its spends count for the balance, not for the timings).
    const answers: Answer[] = [...(await Promise.all(members.map((m) => spend(m))))];
    await resetBare();
    await allAt(bareOne);

    // Interleaved, so machine load drifts alike for all three.
    const api: number[] = [];
    const one: number[] = [];
    const pair: number[] = [];
    const roundMax: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const round = await Promise.all(members.map((m) => spend(m)));
      answers.push(...round);
      api.push(...round.map((a) => a.took));
      roundMax.push(Math.max(...round.map((a) => a.took)));
      await resetBare();
      one.push(...(await allAt(bareOne)));
      await resetBare();
      pair.push(...(await allAt(barePair)));
    }
    db.destroy();

    pointAt(info);
    const { readWallet } = await import('../functions/credits/ledger.js');
    const { orgOwner } = await import('../functions/credits/keys.js');
    const final = (await readWallet(orgOwner(org.id))).balance;
    const ok = answers.filter((a) => a.status >= 200 && a.status < 300);
    const client = answers.filter((a) => a.status >= 400 && a.status < 500);
    const server = answers.filter((a) => a.status >= 500);
    const other = answers.length - ok.length - client.length - server.length;
    const expected = GRANT + ok.reduce((sum, a) => sum + a.amount, 0);
    const exact = final === expected;

    const row = (name: string, s: number[]) => [
      name,
      ms(percentile(s, 50)),
      ms(percentile(s, 95)),
      ms(Math.max(...s)),
      ratio(percentile(s, 50), percentile(one, 50)),
    ];
    print();
    print(
      table(
        ['operation', 'p50', 'p95', 'max', 'p50 / bare UpdateItem'],
        [
          row(`POST /api/credits/services/use, ${MEMBERS} members at once × ${ROUNDS}`, api),
          row(`bare conditional UpdateItem, ${MEMBERS} at once on one item`, one),
          row(`bare BatchGet + conditional UpdateItem, ${MEMBERS} at once`, pair),
        ],
      ),
    );
    print();
    const byStatus = new Map<number, number>();
    for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
    print(
      table(
        ['spends (warm-up included)', '2xx', '4xx', '5xx', 'other', 'statuses'],
        [
          [
            `${answers.length} = ${MEMBERS} × ${ROUNDS + 1} rounds`,
            String(ok.length),
            String(client.length),
            String(server.length),
            String(other),
            [...byStatus].map(([s, n]) => `${s}×${n}`).join(' '),
          ],
        ],
      ),
    );
    print();
    print(
      table(
        ['final balance', 'expected', 'exact', 'slowest round (max)', 'bare failures'],
        [
          [
            String(final),
            `${expected} (${GRANT} − ${GRANT - expected})`,
            exact ? 'yes' : 'NO',
            ms(Math.max(...roundMax)),
            String(bareFailures),
          ],
        ],
      ),
    );

    const summary: SummaryRow[] = [
      {
        bench: 'organization-wallet',
        subject: `org wallet spend p50/p95/max, ${MEMBERS} members at once`,
        value: `${ms(percentile(api, 50))} / ${ms(percentile(api, 95))} / ${ms(Math.max(...api))} (${ratio(percentile(api, 50), percentile(one, 50))})`,
        reference: `bare UpdateItem ${ms(percentile(one, 50))} / ${ms(percentile(one, 95))}`,
        target: '(reported)',
        met: true,
      },
      {
        bench: 'organization-wallet',
        subject: `org wallet: statuses and final balance (${answers.length} spends)`,
        value: `${ok.length} 2xx, ${client.length} 4xx, ${server.length} 5xx`,
        reference: exact ? `balance exact (${final})` : `balance ${final} ≠ ${expected}`,
        target: 'no 5xx, exact balance',
        met: server.length === 0 && other === 0 && exact,
      },
    ];
    return { name: 'organization-wallet', summary };
  } finally {
    print('Stopping the stack...');
    await stack.stop();
  }
}

runIfMain(import.meta.url, run);
