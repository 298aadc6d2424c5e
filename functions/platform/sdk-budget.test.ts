import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_FUNCTION_TIMEOUT_SECONDS } from '../../shared/contract/function-timeouts.js';
import { es } from '../../shared/messages.es.js';
import { DEADLINE_RESERVE_MS, Deadline, withDeadline } from './deadline.js';
import { errorResponse } from './http.js';
import {
  AWS_BUDGETS,
  awsClientConfig,
  awsWorstCaseMs,
  CALL_CEILING_MS,
  LAMBDA_TIMEOUT_MS,
  S3_PROBE_TIMEOUT_MS,
  STRIPE_BUDGET,
  stripeWorstCaseMs,
} from './sdk-budget.js';

describe('the SDK budgets fit the Lambda timeout', () => {
  it('uses the API functions’ timeout that lib/ gives them', () => {
    expect(LAMBDA_TIMEOUT_MS).toBe(API_FUNCTION_TIMEOUT_SECONDS * 1_000);
    expect(CALL_CEILING_MS).toBe(LAMBDA_TIMEOUT_MS - DEADLINE_RESERVE_MS);
  });

  it.each(Object.entries(AWS_BUDGETS))('%s: worst case inside the deadline', (_, budget) => {
    expect(budget.connectionTimeoutMs).toBeGreaterThan(0);
    expect(budget.requestTimeoutMs).toBeGreaterThanOrEqual(budget.connectionTimeoutMs);
    expect(budget.maxAttempts).toBeGreaterThanOrEqual(1);
    expect(awsWorstCaseMs(budget)).toBeLessThan(CALL_CEILING_MS);
  });

  it('counts every attempt at its timeout and every pause at its longest', () => {
    // 3 × 1.5 s + 1 s + 2 s of throttling pauses.
    expect(
      awsWorstCaseMs({ connectionTimeoutMs: 1_000, requestTimeoutMs: 1_500, maxAttempts: 3 }),
    ).toBe(7_500);
    expect(
      awsWorstCaseMs({ connectionTimeoutMs: 1_000, requestTimeoutMs: 2_000, maxAttempts: 2 }),
    ).toBe(5_000);
    // The old Stripe client: 6 s × 3 tries, far past the 10 s Lambda timeout.
    expect(stripeWorstCaseMs({ timeoutMs: 6_000, maxNetworkRetries: 2 })).toBeGreaterThan(
      LAMBDA_TIMEOUT_MS,
    );
  });

  it('Stripe: worst case inside the deadline, a retry included', () => {
    expect(STRIPE_BUDGET.maxNetworkRetries).toBeGreaterThanOrEqual(1);
    expect(stripeWorstCaseMs(STRIPE_BUDGET)).toBeLessThan(CALL_CEILING_MS);
  });

  it('the reachability probe is shorter than a normal S3 call', () => {
    expect(S3_PROBE_TIMEOUT_MS).toBeLessThan(AWS_BUDGETS.s3.requestTimeoutMs);
  });

  it('client options throw on a request timeout instead of only warning', () => {
    const config = awsClientConfig('dynamodb');
    expect(config.maxAttempts).toBe(AWS_BUDGETS.dynamodb.maxAttempts);
    expect(config.requestHandler).toMatchObject({
      connectionTimeout: AWS_BUDGETS.dynamodb.connectionTimeoutMs,
      requestTimeout: AWS_BUDGETS.dynamodb.requestTimeoutMs,
      throwOnRequestTimeout: true,
    });
  });
});

/** Every non-test source file below functions/. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

describe('every client is built with its budget', () => {
  const root = join(import.meta.dirname, '..');
  const files = sources(root).map((path) => ({ path, text: readFileSync(path, 'utf8') }));

  it('each AWS SDK client: awsClientConfig options and bound to the request deadline', () => {
    const built = files.flatMap(({ path, text }) =>
      [...text.matchAll(/new ([\w.]+Client)\(([^)]*)\)/g)]
        .filter((m) => !(m[1] ?? '').includes('DynamoDBDocument'))
        .map((m) => ({ path, ctor: m[1], args: m[2] ?? '', at: m.index ?? 0, text })),
    );
    // DynamoDB, S3, SES, Cognito, Secrets Manager (also the webhook registration's), KMS and
    // Stripe.
    expect(built.map((b) => b.ctor).sort()).toEqual(
      [
        'DynamoDBClient',
        'KMSClient',
        'SecretsManagerClient',
        'StripeClient',
        'sdk.CognitoIdentityProviderClient',
        'sdk.S3Client',
        'sdk.SESv2Client',
        'sdk.SecretsManagerClient',
      ].sort(),
    );
    for (const b of built.filter((x) => x.ctor !== 'StripeClient')) {
      const around = b.text.slice(Math.max(0, b.at - 400), b.at + 400);
      expect(around, `${b.path}: ${b.ctor}`).toMatch(/awsClientConfig\('\w+'\)/);
      expect(around, `${b.path}: ${b.ctor}`).toContain('boundToDeadline(');
    }
  });

  it('the Stripe client: STRIPE_BUDGET and the deadline-bound HTTP client', () => {
    const stripe = files.find((f) => f.path.endsWith('payments/stripe-client.ts'))?.text ?? '';
    expect(stripe).toContain('maxNetworkRetries: STRIPE_BUDGET.maxNetworkRetries');
    expect(stripe).toContain('timeout: STRIPE_BUDGET.timeoutMs');
    expect(stripe).toContain('httpClient: deadlineHttpClient(StripeClient)');
  });
});

describe('a hung dependency', () => {
  let server: Server;
  const sockets = new Set<Socket>();
  let endpoint = '';

  beforeAll(async () => {
    // Accepts connections and never answers: a frozen process, as the fault proxy's `paused`.
    server = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    Object.assign(process.env, {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
      AWS_ENDPOINT_URL_DYNAMODB: endpoint,
      AWS_ENDPOINT_URL_S3: endpoint,
      TABLE_NAME: 'sello-test',
      BUCKET_NAME: 'sello-documents',
    });
  });

  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('a database call is aborted at the request deadline: the retryable Spanish 503', async () => {
    const { db } = await import('./db.js');
    const deadline = new Deadline(Date.now() + 300);
    const err = await withDeadline(deadline, () =>
      db()
        .send(new GetCommand({ TableName: 'sello-test', Key: { pk: 'a', sk: 'b' } }))
        .then(
          () => undefined,
          (e: unknown) => errorResponse(e),
        ),
    );
    deadline.dispose();
    expect(err?.statusCode).toBe(503);
    expect(JSON.parse(String(err?.body)).error).toEqual({
      code: 'UNAVAILABLE',
      message: es.api.timeout,
    });
  });

  it('S3 that does not answer: no link is handed out, the storage 503 instead', async () => {
    const { assertReachable } = await import('./storage.js');
    const err = await assertReachable('documents/u/d/x.pdf').then(
      () => undefined,
      (e: unknown) => errorResponse(e),
    );
    expect(err?.statusCode).toBe(503);
    expect(JSON.parse(String(err?.body)).error).toEqual({
      code: 'UNAVAILABLE',
      message: es.api.storageUnavailable,
    });
  });
});

describe('the SDK logger', () => {
  it('gives the SDK no info or error method, so it builds no redacted copies to log', async () => {
    const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
    const client = new DynamoDBClient({ ...awsClientConfig('dynamodb'), region: 'us-east-1' });
    const logger = client.config.logger as unknown as Record<string, unknown>;
    expect(logger.info).toBeUndefined();
    expect(logger.error).toBeUndefined();
    expect(typeof logger.warn).toBe('function');
    client.destroy();
  });
});
