import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { newConfirmedUser, type TestUser } from '../test/support/client.js';
import { grantCredits, ledgerOf, ownerOf } from '../test/support/ledger.js';
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
 * Credit spends on the local stack.
 *
 * 1. One spend (POST /api/credits/services/use through the local gateway: token check,
 *    validation, the consumption rule from the per-container cache, the ledger) under CLIENTS
 *    concurrent clients, each with its own wallet, next to the bare DynamoDB requests of the
 *    same shape sent straight to DynamoDB Local with the same concurrency: the consistent
 *    BatchGet of the wallet and the key's IDEMP item, then the conditional UpdateItem that
 *    debits the wallet and adds the journal entry (ReturnValues UPDATED_NEW) — exactly what
 *    the ledger sends in the common case. The ratio is what our code (HTTP, auth, validation,
 *    ledger logic, the amortised settlement every 25th spend) costs on top of the two calls it
 *    cannot avoid. One bare UpdateItem alone is printed too, for reference.
 *    The same comparison one spend at a time (SOLO_ROUNDS, interleaved): the target
 *    is "a spend at ≤1.5× one bare transaction of the same shape", and a spend alone is that
 *    measure. With CLIENTS at once, the stack's process, DynamoDB Local's JVM and this bench
 *    share two cores, so that ratio also measures the machine's queueing (reported).
 * 2. CONTENDED spends at once on ONE wallet (the ledger in this process, so its counters of
 *    condition failures, transient retries and settlements are readable), ROUNDS times.
 * 3. One spend drawing from 150 lots, settlement included.
 */
const CLIENTS = Number(process.env.BENCH_SPEND_CLIENTS ?? 20);
const ROUNDS = Number(process.env.BENCH_SPEND_ROUNDS ?? 10);
const SOLO_ROUNDS = Number(process.env.BENCH_SPEND_SOLO_ROUNDS ?? 60);
const CONTENDED = Number(process.env.BENCH_SPEND_CONTENDED ?? 50);
const RACE = 150;
const RACE_BALANCE = 100;
const RACE_ROUNDS = Number(process.env.BENCH_SPEND_RACE_ROUNDS ?? 3);

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const nowEpoch = () => Math.floor(Date.now() / 1000);

export async function run(): Promise<BenchResult> {
  heading(
    `Credit spend: API vs the same DynamoDB requests sent bare (BatchGet + conditional ` +
      `UpdateItem), ${CLIENTS} clients × ${ROUNDS}; ${CONTENDED} at once on one wallet; 150 lots`,
  );
  const stack = await spawnStack(['--no-web']);
  try {
    const { info } = stack;
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    const users: TestUser[] = [];
    for (let i = 0; i < CLIENTS; i++) users.push(await newConfirmedUser(info, `Bench${i}`));
    for (const u of users) await grantCredits(info, u.accessToken, ROUNDS * 2 + SOLO_ROUNDS + 10);

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
    // Bare wallets shaped like ours: figures, lots, an empty journal that grows as spends land.
    for (let c = 0; c < CLIENTS; c++) {
      await db.send(
        new PutCommand({
          TableName: T,
          Item: {
            pk: `BENCHWALLET#${c}`,
            sk: 'BALANCE',
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
    }
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
    const bareUpdate = (c: number, slot: string) =>
      new UpdateCommand({
        TableName: T,
        Key: { pk: `BENCHWALLET#${c}`, sk: 'BALANCE' },
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
    const bareRead = (c: number, slot: string) =>
      new BatchGetCommand({
        RequestItems: {
          [T]: {
            Keys: [
              { pk: `BENCHWALLET#${c}`, sk: 'BALANCE' },
              { pk: `IDEMP#bench#${randomUUID()}`, sk: 'IDEMP' },
            ],
            ConsistentRead: true,
            ProjectionExpression: 'pk, sk, fmt, balance, seq, epoch, jtFloor, #j.#k, #js.#k, entry',
            ExpressionAttributeNames: { '#j': 'j', '#js': 'js', '#k': slot },
          },
        },
      });
    const barePair = async (c: number) => {
      const slot = randomUUID().slice(0, 16);
      const t = nowMs();
      await db.send(bareRead(c, slot));
      await db.send(bareUpdate(c, slot));
      return nowMs() - t;
    };
    const bareOne = async (c: number) => {
      const t = nowMs();
      await db.send(bareUpdate(c, randomUUID().slice(0, 16)));
      return nowMs() - t;
    };

    // Warm-up round for each.
    await Promise.all(users.map((u) => spend(u)));
    await Promise.all(users.map((_, i) => barePair(i)));

    // Interleaved, so machine load drifts alike for both.
    const apiSamples: number[] = [];
    const pairSamples: number[] = [];
    const oneSamples: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      apiSamples.push(...(await Promise.all(users.map((u) => spend(u)))));
      pairSamples.push(...(await Promise.all(users.map((_, i) => barePair(i)))));
      oneSamples.push(...(await Promise.all(users.map((_, i) => bareOne(i)))));
    }
    // One at a time, the same requests, interleaved.
    const soloApi: number[] = [];
    const soloPair: number[] = [];
    const solo = users[0] as TestUser;
    for (let r = 0; r < SOLO_ROUNDS; r++) {
      soloApi.push(await spend(solo));
      soloPair.push(await barePair(0));
    }
    db.destroy();

    const row = (name: string, s: number[], ref: number[]) => [
      name,
      ms(percentile(s, 50)),
      ms(percentile(s, 99)),
      ratio(percentile(s, 50), percentile(ref, 50)),
    ];
    print(
      table(
        ['operation', 'p50', 'p99', 'p50 / bare BatchGet+Update'],
        [
          row('POST /api/credits/services/use', apiSamples, pairSamples),
          row('bare BatchGet + conditional UpdateItem', pairSamples, pairSamples),
          row('bare conditional UpdateItem alone', oneSamples, pairSamples),
          row(
            `one at a time (× ${SOLO_ROUNDS}): POST /api/credits/services/use`,
            soloApi,
            soloPair,
          ),
          row('one at a time: bare BatchGet + conditional UpdateItem', soloPair, soloPair),
        ],
      ),
    );

    // 2. Contention on one wallet, through the ledger in this process.
    const L = await ledgerOf(info);
    const { ledgerCounters } = await import('../functions/credits/ledger-send.js');
    const hot = await newConfirmedUser(info, 'Hot');
    const owner = await ownerOf(hot.accessToken);
    await grantCredits(info, hot.accessToken, CONTENDED * ROUNDS + 10);
    const before = { ...ledgerCounters };
    const contended: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      contended.push(
        ...(await Promise.all(
          Array.from({ length: CONTENDED }, async () => {
            const t = nowMs();
            await L.spend(
              {
                ownerId: owner,
                amount: 1,
                description: 'Bench',
                idempotencyKey: `bench:${randomUUID()}`,
              },
              nowEpoch,
            );
            return nowMs() - t;
          }),
        )),
      );
    }
    const spends = CONTENDED * ROUNDS;
    const delta = (k: keyof typeof ledgerCounters) => ledgerCounters[k] - before[k];
    print(
      table(
        [
          'contended spends',
          'p50',
          'p99',
          'writes',
          'condition failures',
          'transient retries',
          'settlements',
        ],
        [
          [
            `${CONTENDED} at once on one wallet × ${ROUNDS}`,
            ms(percentile(contended, 50)),
            ms(percentile(contended, 99)),
            `${delta('writes')} (${(delta('writes') / spends).toFixed(2)}/spend)`,
            String(delta('conditionFailures')),
            String(delta('transientRetries')),
            String(delta('settlements')),
          ],
        ],
      ),
    );

    // 3. One spend from 150 lots.
    const many = await newConfirmedUser(info, 'Lots');
    const manyOwner = await ownerOf(many.accessToken);
    const base = nowEpoch() + 86_400;
    for (let i = 0; i < 150; i++) {
      await L.grant(
        {
          ownerId: manyOwner,
          type: 'earned',
          amount: 1,
          expiresAt: base + i,
          description: 'Bench',
          idempotencyKey: `bench:${randomUUID()}`,
        },
        nowEpoch,
      );
    }
    let t = nowMs();
    await L.spend(
      {
        ownerId: manyOwner,
        amount: 150,
        description: 'Bench',
        idempotencyKey: `bench:${randomUUID()}`,
      },
      nowEpoch,
    );
    const lotSpend = nowMs() - t;
    t = nowMs();
    await L.listTransactions(manyOwner, { limit: 5 }); // settles the spend over its 150 lots
    const lotSettle = nowMs() - t;
    print(
      table(
        ['150-lot spend', 'spend', 'settlement (via the listing)'],
        [['one spend of 150 credits, 150 lots of 1', ms(lotSpend), ms(lotSettle)]],
      ),
    );

    // 4. The race of issue 10 through the API: RACE spends at once on one wallet holding
    // RACE_BALANCE credits, each with its own key; RACE_ROUNDS rounds, each on a new wallet.
    // The first round runs on whatever JIT state DynamoDB Local's JVM is in; all are printed.
    const raceRounds: { p99: number; ok: number; short: number; other: number }[] = [];
    for (let round = 0; round < RACE_ROUNDS; round++) {
      const racer = await newConfirmedUser(info, `Race${round}`);
      await grantCredits(info, racer.accessToken, RACE_BALANCE);
      const answers = await Promise.all(
        Array.from({ length: RACE }, async () => {
          const t = nowMs();
          const res = await fetch(`${info.url}/api/credits/services/use`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${racer.accessToken}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({
              service_name: 'ai_chat_message',
              idempotency_key: randomUUID(),
            }),
          });
          await res.text();
          return { status: res.status, took: nowMs() - t };
        }),
      );
      raceRounds.push({
        p99: percentile(
          answers.map((a) => a.took),
          99,
        ),
        ok: answers.filter((a) => a.status === 200).length,
        short: answers.filter((a) => a.status === 422).length,
        other: answers.filter((a) => a.status !== 200 && a.status !== 422).length,
      });
    }
    print(
      table(
        ['race round', 'p99', '200', '422', 'other'],
        raceRounds.map((x, i) => [
          `${RACE} at once against ${RACE_BALANCE} credits, round ${i + 1}`,
          ms(x.p99),
          String(x.ok),
          String(x.short),
          String(x.other),
        ]),
      ),
    );
    const worstRace = Math.max(...raceRounds.map((x) => x.p99));
    const raceExact = raceRounds.every(
      (x) => x.ok === RACE_BALANCE && x.short === RACE - RACE_BALANCE && x.other === 0,
    );

    const soloRatio = percentile(soloApi, 50) / percentile(soloPair, 50);
    const summary: SummaryRow[] = [
      {
        bench: 'credit-spend',
        subject: 'a credit spend p50/p99 vs the same bare requests (one at a time)',
        value: `${ms(percentile(soloApi, 50))} / ${ms(percentile(soloApi, 99))} (${ratio(percentile(soloApi, 50), percentile(soloPair, 50))})`,
        reference: `bare BatchGet+Update ${ms(percentile(soloPair, 50))} / ${ms(percentile(soloPair, 99))}`,
        target: '≤ 1.5×',
        met: soloRatio <= 1.5,
      },
      {
        bench: 'credit-spend',
        subject: `credit spend p50/p99 @${CLIENTS} clients`,
        value: `${ms(percentile(apiSamples, 50))} / ${ms(percentile(apiSamples, 99))} (${ratio(percentile(apiSamples, 50), percentile(pairSamples, 50))})`,
        reference: `bare BatchGet+Update ${ms(percentile(pairSamples, 50))} / ${ms(percentile(pairSamples, 99))}`,
        target: '(reported)',
        met: true,
      },
      {
        bench: 'credit-spend',
        subject: `${CONTENDED} spends at once on one wallet p50/p99`,
        value: `${ms(percentile(contended, 50))} / ${ms(percentile(contended, 99))}`,
        reference: `${delta('conditionFailures')} condition failures, ${delta('transientRetries')} retries`,
        target: '(reported)',
        met: true,
      },
      {
        bench: 'credit-spend',
        subject: `${RACE} spends at once against ${RACE_BALANCE} credits (API), worst p99 of ${RACE_ROUNDS}`,
        value: ms(worstRace),
        reference: raceExact ? `exactly ${RACE_BALANCE} × 200, the rest 422` : 'WRONG COUNTS',
        target: '< 3 s, exact counts',
        met: worstRace < 3_000 && raceExact,
      },
      {
        bench: 'credit-spend',
        subject: '150-lot spend + settlement',
        value: `${ms(lotSpend)} + ${ms(lotSettle)}`,
        reference: '-',
        target: 'succeeds',
        met: true,
      },
    ];
    return { name: 'credit-spend', summary };
  } finally {
    await stack.stop();
  }
}

runIfMain(import.meta.url, run);
