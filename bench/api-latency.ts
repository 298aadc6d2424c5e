import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { spawnStack } from '../test/support/spawn-stack.js';
import {
  type BenchResult,
  heading,
  mark,
  median,
  ms,
  percentile,
  print,
  ratio,
  runIfMain,
  type SummaryRow,
  table,
} from './common.js';

/**
 * API latency: an ephemeral local stack (the same one the integration tests use: DynamoDB
 * Local, cognito-local, s3rver, SES local and the gateway running the handlers in-process),
 * then N sequential `GET /api/countries` through the gateway next to the bare DynamoDB Local
 * Query that functions/countries/repo.ts runs for it (gsi1 `COUNTRIES#ACTIVE`), made with the
 * DocumentClient from this process against the stack's DynamoDB endpoint.
 *
 * listCountries is not rate-limited (only sign-up, recovery and the maintenance gate call
 * hitRateLimit), but each request still gets its own X-Forwarded-For, which the ephemeral stack
 * trusts, so a future per-IP limit would not turn the run into a stream of 429s.
 *
 * Target: API p50 within 1.5x of the raw query p50.
 */

const N = Number(process.env.BENCH_API_REQUESTS ?? 300);
const WARMUP = 30;
const MAX_P50_RATIO = 1.5;

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

export async function run(): Promise<BenchResult> {
  heading(`API latency (local stack, ${N} sequential requests each)`);
  print('Starting an ephemeral local stack (--no-web)...');
  const started = nowMs();
  const stack = await spawnStack(['--no-web']);
  try {
    const { info } = stack;
    print(`Stack ready in ${ms(nowMs() - started)}: gateway ${info.url}`);
    const url = `${info.url}/api/countries`;
    // The SDK's "needs Node 22 from 2027" notice (this machine runs Node 20) is not a figure.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    const db = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: info.endpoints.dynamodb,
        region: 'us-east-1',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      }),
    );

    let hit = 0;
    const api = async (): Promise<{ count: number; bytes: number }> => {
      hit++;
      const res = await fetch(url, {
        headers: { 'x-forwarded-for': `10.${(hit >> 16) & 255}.${(hit >> 8) & 255}.${hit & 255}` },
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`GET /api/countries → ${res.status} ${text}`);
      return {
        count: (JSON.parse(text) as { countries: unknown[] }).countries.length,
        bytes: text.length,
      };
    };
    // The same key condition as listActiveCountries (all pages).
    const raw = async (): Promise<number> => {
      let count = 0;
      let start: Record<string, unknown> | undefined;
      do {
        const res = await db.send(
          new QueryCommand({
            TableName: info.tableName,
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :pk',
            ExpressionAttributeValues: { ':pk': 'COUNTRIES#ACTIVE' },
            ExclusiveStartKey: start,
          }),
        );
        count += res.Items?.length ?? 0;
        start = res.LastEvaluatedKey;
      } while (start);
      return count;
    };

    const first = await api();
    const rawCount = await raw();
    if (first.count !== rawCount) {
      throw new Error(`API returned ${first.count} countries, the Query ${rawCount}`);
    }
    print(
      `Both return ${rawCount} countries (API body ${first.bytes} bytes); warming up ` +
        `${WARMUP}x each...`,
    );
    for (let i = 0; i < WARMUP; i++) {
      await api();
      await raw();
    }
    // Alternate the two so that any drift on the machine (GC, JIT, the other core) hits both.
    const apiSamples: number[] = [];
    const rawSamples: number[] = [];
    for (let i = 0; i < N; i++) {
      let t = nowMs();
      await api();
      apiSamples.push(nowMs() - t);
      t = nowMs();
      await raw();
      rawSamples.push(nowMs() - t);
    }

    const stats = (s: number[]) => ({
      p50: percentile(s, 50),
      p90: percentile(s, 90),
      p99: percentile(s, 99),
      min: Math.min(...s),
      max: Math.max(...s),
      mean: s.reduce((a, b) => a + b, 0) / s.length,
    });
    const a = stats(apiSamples);
    const r = stats(rawSamples);
    const met = a.p50 <= r.p50 * MAX_P50_RATIO;
    const row = (name: string, s: ReturnType<typeof stats>) => [
      name,
      ms(s.p50),
      ms(s.p90),
      ms(s.p99),
      ms(s.min),
      ms(s.max),
      ms(s.mean),
      ratio(s.p50, r.p50),
    ];
    print();
    print(
      table(
        ['request', 'p50', 'p90', 'p99', 'min', 'max', 'mean', 'p50/raw'],
        [row('GET /api/countries (gateway)', a), row('raw Query gsi1 (DocumentClient)', r)],
      ),
    );
    print();
    print(
      `Gateway overhead at p50: ${ms(a.p50 - r.p50)} (median of differences ` +
        `${ms(median(apiSamples.map((v, i) => v - (rawSamples[i] ?? 0))))}); ` +
        `target p50 <= ${MAX_P50_RATIO}x raw: ${mark(met)}.`,
    );
    const summary: SummaryRow[] = [
      {
        bench: 'api',
        subject: 'GET /api/countries p50',
        value: `${ms(a.p50)} (${ratio(a.p50, r.p50)})`,
        reference: `raw Query ${ms(r.p50)}`,
        target: `<= ${MAX_P50_RATIO}x raw`,
        met,
      },
      {
        bench: 'api',
        subject: 'GET /api/countries p99',
        value: ms(a.p99),
        reference: `raw Query ${ms(r.p99)}`,
        target: '(reported)',
        met: true,
      },
    ];
    db.destroy();
    return { name: 'api-latency', summary };
  } finally {
    print('Stopping the stack...');
    await stack.stop();
  }
}

runIfMain(import.meta.url, run);
