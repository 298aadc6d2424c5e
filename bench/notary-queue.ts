import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  type BatchWriteCommandOutput,
  DynamoDBDocumentClient,
  QueryCommand,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { AssignmentStatus } from '../shared/rules/assignment.js';
import { subOf } from '../test/support/ledger.js';
import { newNotary, notaryApi } from '../test/support/notary.js';
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
 * The notary dashboard's reads for a busy notary (issue 22): one notary organisation
 * (newNotary) holding ASSIGNMENTS assignments, written straight into the table with the repo's
 * own item builder (`assignmentItem`, functions/notary/assignments-repo.ts: the gsi1 tab keys
 * and the gsi2 overdue keys as the assignment's transactions leave them) in BatchWrites of 25,
 * unprocessed items retried, and the notary's counters moved with the repo's `counterUpdate`.
 * The statuses are spread over the three tabs (10% pending, 20% processing, 70% completed) with
 * times a working notary would leave: pending ones assigned over the last 8 hours (those past the
 * 4-hour take threshold count as late), processing ones taken over the last 4 days (past 48 hours:
 * late), completed ones decided over the last 180 days.
 *
 * Timed through the gateway as the notary's member in its work context (notaryApi), sequential,
 * interleaved with the bare reads: GET /api/notary/assignments?group=pending (the first page,
 * ROUNDS times; then the whole tab paged with the cursor, PAGING_ROUNDS times) and GET
 * /api/notary/metrics (ROUNDS times). The reference is the bare gsi1 Query of one page
 * (`NQ#{org}#pending`, newest first, Limit 20) sent straight to DynamoDB Local; the page Query
 * with the tab's two late-count Queries (what the route reads besides the membership and the
 * settings) is printed beside it. Figures only, never asserted.
 */
const ASSIGNMENTS = Number(process.env.BENCH_NOTARY_ASSIGNMENTS ?? 5_000);
const ROUNDS = Number(process.env.BENCH_NOTARY_ROUNDS ?? 60);
const PAGING_ROUNDS = Number(process.env.BENCH_NOTARY_PAGING_ROUNDS ?? 3);
const WARMUP = 5;
const PAGE = 20;
const TAKE_MINUTES = 240;
const PROCESS_MINUTES = 2880;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

/** A small seeded generator, so every run writes the same spread of times and statuses. */
function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function run(): Promise<BenchResult> {
  heading(
    `Notary queue: ${ASSIGNMENTS} assignments of one notary; its pending tab (first page × ` +
      `${ROUNDS}, every page × ${PAGING_ROUNDS}) and metrics through the gateway vs the bare gsi1 Query`,
  );
  print('Starting an ephemeral local stack (--no-web)...');
  const stack = await spawnStack(['--no-web']);
  try {
    const { info } = stack;
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    const { user, org } = await newNotary(info, {
      take_minutes: TAKE_MINUTES,
      process_minutes: PROCESS_MINUTES,
      max_open: 10_000,
    });
    pointAt(info);
    const { assignmentItem } = await import('../functions/notary/assignments-repo.js');
    const { assignmentIdFor } = await import('../functions/notary/assign.js');
    const { counterUpdate } = await import('../functions/notary/settings-updates.js');
    const { notarySettingsKey, queuePk } = await import('../functions/notary/keys.js');
    const db = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: info.endpoints.dynamodb,
        region: 'us-east-1',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      }),
      { marshallOptions: { removeUndefinedValues: true } },
    );
    const T = info.tableName;

    // The assignments, as the assignment and the notary's moves would have left them.
    const random = seeded(22);
    const between = (lo: number, hi: number) => lo + random() * (hi - lo);
    const pick = <V>(values: readonly V[]) => values[Math.floor(random() * values.length)] as V;
    const now = Date.now();
    const iso = (t: number) => new Date(t).toISOString();
    const member = subOf(user.accessToken);
    const pendingCount = Math.round(ASSIGNMENTS * 0.1);
    const processingCount = Math.round(ASSIGNMENTS * 0.2);
    const completedCount = ASSIGNMENTS - pendingCount - processingCount;
    let lateToTake = 0;
    let lateToProcess = 0;
    let minutesSum = 0;
    const items = Array.from({ length: ASSIGNMENTS }, (_, i) => {
      const group =
        i < pendingCount
          ? 'pending'
          : i < pendingCount + processingCount
            ? 'processing'
            : 'completed';
      let assigned: number;
      let taken: number | null = null;
      let decided: number | null = null;
      let status: AssignmentStatus;
      let noted: 'take' | 'process' | null = null;
      if (group === 'pending') {
        assigned = now - between(1, 8 * 60) * MINUTE;
        status = 'assigned';
        if (now - assigned >= TAKE_MINUTES * MINUTE) {
          lateToTake++;
          noted = 'take';
        }
      } else if (group === 'processing') {
        taken = now - between(10, 4 * 24 * 60) * MINUTE;
        assigned = taken - between(5, 200) * MINUTE;
        status = pick(['taken', 'in_review'] as const);
        if (now - taken >= PROCESS_MINUTES * MINUTE) {
          lateToProcess++;
          noted = 'process';
        }
      } else {
        decided = now - between(10 * MINUTE, 180 * DAY);
        taken = decided - between(30, 72 * 60) * MINUTE;
        assigned = taken - between(5, 200) * MINUTE;
        status = pick(['notarized', 'notarized', 'approved', 'approved', 'rejected'] as const);
        minutesSum += Math.floor((decided - taken) / MINUTE);
      }
      const orderId = randomUUID();
      return assignmentItem({
        id: assignmentIdFor(orderId, 0),
        order_id: orderId,
        order_number: `ORD-BENCH-${String(i).padStart(5, '0')}`,
        notary_org_id: org.id,
        service_code: 'copia_legalizada',
        service_name: 'Copia legalizada',
        status,
        region_code: pick(['CL-RM', 'CL-VS', 'CL-BI', null] as const),
        assigned_at: iso(assigned),
        take_due: iso(assigned + TAKE_MINUTES * MINUTE),
        taken_at: taken === null ? null : iso(taken),
        taken_by: taken === null ? null : member,
        process_due: taken === null ? null : iso(taken + PROCESS_MINUTES * MINUTE),
        decided_at: decided === null ? null : iso(decided),
        message_count: Math.floor(random() * 4),
        tried: [org.id],
        overdue_noted: noted,
        updated_at: iso(decided ?? taken ?? assigned),
      });
    });
    const t = nowMs();
    let retried = 0;
    for (let i = 0; i < items.length; i += 25) {
      let requests = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
      for (let attempt = 0; requests.length; attempt++) {
        if (attempt > 0) {
          retried += requests.length;
          if (attempt > 10)
            throw new Error(`BatchWrite: ${requests.length} items left unprocessed`);
          await new Promise((r) => setTimeout(r, Math.min(1_000, 25 * 2 ** attempt)));
        }
        const res: BatchWriteCommandOutput = await db.send(
          new BatchWriteCommand({ RequestItems: { [T]: requests } }),
        );
        requests = (res.UnprocessedItems?.[T] ?? []) as typeof requests;
      }
    }
    const counters = counterUpdate(org.id, {
      open: pendingCount + processingCount,
      pending: pendingCount,
      processing: processingCount,
      completed: completedCount,
      received: ASSIGNMENTS,
    }).Update as UpdateCommandInput;
    await db.send(new UpdateCommand(counters));
    // Not through counterUpdate: its `ADD processed :processed` names a DynamoDB reserved word
    // without an attribute-name placeholder (ValidationException); nothing moves it yet.
    await db.send(
      new UpdateCommand({
        TableName: T,
        Key: notarySettingsKey(org.id),
        UpdateExpression: 'ADD #processed :processed, #minutes :minutes',
        ExpressionAttributeNames: {
          '#processed': 'processed',
          '#minutes': 'processing_minutes_sum',
        },
        ExpressionAttributeValues: { ':processed': completedCount, ':minutes': minutesSum },
      }),
    );
    print(
      `Wrote ${ASSIGNMENTS} assignments (${pendingCount} pending, ${processingCount} processing, ` +
        `${completedCount} completed; late: ${lateToTake} to take, ${lateToProcess} to process) in ` +
        `${((nowMs() - t) / 1000).toFixed(1)} s, ${retried} unprocessed items retried.`,
    );

    const notary = notaryApi(info, user, org.id);
    const firstPage = async () => {
      const t = nowMs();
      const res = await notary.list('pending');
      const took = nowMs() - t;
      if (res.status !== 200) throw new Error(`list → ${res.status} ${JSON.stringify(res.body)}`);
      return { took, body: res.body };
    };
    const metrics = async () => {
      const t = nowMs();
      const res = await notary.metrics();
      const took = nowMs() - t;
      if (res.status !== 200)
        throw new Error(`metrics → ${res.status} ${JSON.stringify(res.body)}`);
      return { took, body: res.body };
    };
    const pagePk = queuePk(org.id, 'pending');
    const bareQuery = (startKey?: Record<string, unknown>) =>
      db.send(
        new QueryCommand({
          TableName: T,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': pagePk },
          ScanIndexForward: false,
          Limit: PAGE,
          ExclusiveStartKey: startKey,
        }),
      );
    const bareCount = (group: 'pending' | 'processing', minutes: number) =>
      db.send(
        new QueryCommand({
          TableName: T,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :before',
          ExpressionAttributeValues: {
            ':pk': queuePk(org.id, group),
            ':before': iso(Date.now() - minutes * MINUTE),
          },
          Select: 'COUNT',
        }),
      );
    const barePage = async () => {
      const t = nowMs();
      const res = await bareQuery();
      return { took: nowMs() - t, items: res.Items?.length ?? 0 };
    };
    const bareTab = async () => {
      const t = nowMs();
      const [page, late1, late2] = await Promise.all([
        bareQuery(),
        bareCount('pending', TAKE_MINUTES),
        bareCount('processing', PROCESS_MINUTES),
      ]);
      return {
        took: nowMs() - t,
        items: page.Items?.length ?? 0,
        counted: (late1.Count ?? 0) + (late2.Count ?? 0),
      };
    };

    // Correctness of what is timed: the page, the counters, the metrics' totals.
    const check = await firstPage();
    const c = check.body.counters;
    const m = (await metrics()).body;
    print(
      `First page: ${check.body.assignments.length} assignments; counters total ${c.total}, ` +
        `pending ${c.pending}, processing ${c.processing}, completed ${c.completed}, ` +
        `overdue ${c.overdue} (written: ${lateToTake + lateToProcess}); metrics: received ` +
        `${m.total_received}, processed ${m.total_processed}, average ${m.average_minutes} min.`,
    );

    for (let i = 0; i < WARMUP; i++) {
      await firstPage();
      await metrics();
      await barePage();
      await bareTab();
    }
    const api: number[] = [];
    const met: number[] = [];
    const bare: number[] = [];
    const tab: number[] = [];
    let apiItems = 0;
    let bareItems = 0;
    let counted = 0;
    let overdue = 0;
    for (let r = 0; r < ROUNDS; r++) {
      const a = await firstPage();
      api.push(a.took);
      apiItems += a.body.assignments.length;
      overdue += a.body.counters.overdue;
      const b = await barePage();
      bare.push(b.took);
      bareItems += b.items;
      const x = await bareTab();
      tab.push(x.took);
      counted += x.counted;
      met.push((await metrics()).took);
    }

    // The whole tab, page after page with the cursor, next to the bare Query paged alike.
    const paged: number[] = [];
    const barePaged: number[] = [];
    const walks: { pages: number; items: number; ms: number }[] = [];
    const bareWalks: { pages: number; items: number; ms: number }[] = [];
    for (let r = 0; r < PAGING_ROUNDS; r++) {
      let cursor: string | undefined;
      const walk = { pages: 0, items: 0, ms: 0 };
      do {
        const t = nowMs();
        const res = await notary.list('pending', cursor);
        const took = nowMs() - t;
        if (res.status !== 200) throw new Error(`list page → ${res.status}`);
        paged.push(took);
        walk.pages++;
        walk.items += res.body.assignments.length;
        walk.ms += took;
        cursor = res.body.next_cursor ?? undefined;
      } while (cursor);
      walks.push(walk);
      let startKey: Record<string, unknown> | undefined;
      const bareWalk = { pages: 0, items: 0, ms: 0 };
      do {
        const t = nowMs();
        const res = await bareQuery(startKey);
        const took = nowMs() - t;
        barePaged.push(took);
        bareWalk.pages++;
        bareWalk.items += res.Items?.length ?? 0;
        bareWalk.ms += took;
        startKey = res.LastEvaluatedKey;
      } while (startKey);
      bareWalks.push(bareWalk);
    }
    db.destroy();

    const ref = percentile(bare, 50);
    const row = (name: string, s: number[], items: string) => [
      name,
      String(s.length),
      ms(percentile(s, 50)),
      ms(percentile(s, 95)),
      ratio(percentile(s, 50), ref),
      items,
    ];
    const lastWalk = walks[walks.length - 1] ?? { pages: 0, items: 0, ms: 0 };
    const lastBareWalk = bareWalks[bareWalks.length - 1] ?? { pages: 0, items: 0, ms: 0 };
    print();
    print(
      table(
        ['request', 'n', 'p50', 'p95', 'p50 / bare page', 'items read per request'],
        [
          row(
            'GET /api/notary/assignments?group=pending (page 1)',
            api,
            `${(apiItems / ROUNDS).toFixed(0)} + ${(overdue / ROUNDS).toFixed(0)} late counted`,
          ),
          row(
            'GET /api/notary/assignments?group=pending&cursor=… (every page)',
            paged,
            `${(lastWalk.items / lastWalk.pages).toFixed(1)} (${lastWalk.items} in ${lastWalk.pages} pages)`,
          ),
          row('GET /api/notary/metrics', met, 'settings + organisation + catalogue'),
          row('bare gsi1 Query, one page (Limit 20)', bare, (bareItems / ROUNDS).toFixed(0)),
          row(
            'bare gsi1 Query, every page',
            barePaged,
            `${(lastBareWalk.items / lastBareWalk.pages).toFixed(1)} (${lastBareWalk.items} in ${lastBareWalk.pages} pages)`,
          ),
          row(
            'bare page Query + the 2 late-count Queries (parallel)',
            tab,
            `${(bareItems / ROUNDS).toFixed(0)} + ${(counted / ROUNDS).toFixed(0)} counted`,
          ),
        ],
      ),
    );
    print();
    print(
      table(
        ['whole pending tab', 'pages', 'items', 'API total', 'bare total', 'ratio'],
        walks.map((w, i) => {
          const b = bareWalks[i] ?? { pages: 0, items: 0, ms: Number.NaN };
          return [
            `round ${i + 1}`,
            String(w.pages),
            String(w.items),
            ms(w.ms),
            ms(b.ms),
            ratio(w.ms, b.ms),
          ];
        }),
      ),
    );

    const summary: SummaryRow[] = [
      {
        bench: 'notary-queue',
        subject: `notary tab page 1 p50/p95 (${ASSIGNMENTS} assignments)`,
        value: `${ms(percentile(api, 50))} / ${ms(percentile(api, 95))} (${ratio(percentile(api, 50), ref)})`,
        reference: `bare gsi1 page ${ms(ref)} / ${ms(percentile(bare, 95))}`,
        target: '(reported)',
        met: true,
      },
      {
        bench: 'notary-queue',
        subject: `notary tab paged with the cursor (${lastWalk.pages} pages) p50/p95`,
        value: `${ms(percentile(paged, 50))} / ${ms(percentile(paged, 95))}`,
        reference: `bare ${ms(percentile(barePaged, 50))} / ${ms(percentile(barePaged, 95))}`,
        target: '(reported)',
        met: true,
      },
      {
        bench: 'notary-queue',
        subject: 'notary metrics p50/p95',
        value: `${ms(percentile(met, 50))} / ${ms(percentile(met, 95))}`,
        reference: `bare gsi1 page ${ms(ref)}`,
        target: '(reported)',
        met: true,
      },
    ];
    return { name: 'notary-queue', summary };
  } finally {
    print('Stopping the stack...');
    await stack.stop();
  }
}

runIfMain(import.meta.url, run);
