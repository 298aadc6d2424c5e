import { API_FUNCTION_TIMEOUT_SECONDS } from '../../shared/contract/function-timeouts.js';
import { DEADLINE_RESERVE_MS, sdkOptions } from './deadline.js';

/**
 * How long each dependency may keep a request waiting: connection and request timeouts and
 * retry budgets of every AWS SDK client and of the Stripe client, in one place, chosen so that
 * one call's worst case (every attempt timing out, every pause at its longest) ends before the
 * request deadline of an API function (its Lambda timeout less DEADLINE_RESERVE_MS). The
 * handler then still has time to answer its own retryable 503 (platform/http.ts) instead of
 * being killed by Lambda. Beyond these, every call is also aborted at the request's deadline
 * (`boundToDeadline`), so a request that makes several calls never outlives it either.
 * docs/resilience.md lists the numbers and what a user sees when each dependency fails.
 */

/** lib/ gives every API function this timeout (shared/contract/function-timeouts.ts). */
export const LAMBDA_TIMEOUT_MS = API_FUNCTION_TIMEOUT_SECONDS * 1_000;

/** No single SDK call may take longer at worst: the request deadline of an API function. */
export const CALL_CEILING_MS = LAMBDA_TIMEOUT_MS - DEADLINE_RESERVE_MS;

export interface AwsBudget {
  /** Giving up on a TCP/TLS connection not established by then (a host that does not answer). */
  connectionTimeoutMs: number;
  /** Giving up on an attempt whose answer has not begun by then (a hung service). */
  requestTimeoutMs: number;
  /** Attempts in all, the first included (the SDK retries throttling and transient errors). */
  maxAttempts: number;
}

export type AwsDependency = 'dynamodb' | 's3' | 'ses' | 'cognito' | 'secretsManager' | 'kms';

/**
 * Each service answers in tens of milliseconds when healthy; 3 s per attempt leaves it 100x
 * that, and leaves room for what is not the service's fault: a connection waiting for a free
 * socket, a busy event loop (the local stack runs every handler in one process). Two attempts
 * each: a second one after a timeout or a throttle, then the user's own retry (the 503 says
 * so). The ledger adds its own resends for throttling (credits/ledger-send.ts), inside the
 * same deadline.
 */
const STANDARD: AwsBudget = { connectionTimeoutMs: 2_000, requestTimeoutMs: 3_000, maxAttempts: 2 };

export const AWS_BUDGETS: Readonly<Record<AwsDependency, AwsBudget>> = {
  dynamodb: STANDARD,
  s3: STANDARD,
  // One attempt: SendEmail is not idempotent, and a retry after a timeout may send the mail
  // twice. Retrying, with backoff, is the mail outbox's job.
  ses: { ...STANDARD, maxAttempts: 1 },
  cognito: STANDARD,
  secretsManager: STANDARD,
  // The seal's kms:Sign and kms:GetPublicKey (functions/signing/seal/signer-kms.ts).
  kms: STANDARD,
};

/**
 * The one S3 call made only to prove the store answers before a link to it is handed out
 * (storage.assertReachable): a HeadObject answers in milliseconds, so 2 s per attempt is plenty.
 */
export const S3_PROBE_TIMEOUT_MS = 2_000;

/**
 * The SDK's pause before retry i (0-based) is random in [0, base·2^i) (capped at 20 s), with
 * base 50 ms, or 1 s after throttling (AWS SDK v3 standard retry strategy, @smithy/core
 * retries-2026-config). The worst case counts every pause as a throttling one at its longest.
 */
export const AWS_RETRY_BASE_MS = 50;
export const AWS_THROTTLING_RETRY_BASE_MS = 1_000;
const AWS_MAX_RETRY_DELAY_MS = 20_000;

/** Every attempt hits its timeout, every pause is the longest possible. */
export function awsWorstCaseMs(b: AwsBudget): number {
  let pauses = 0;
  for (let i = 0; i < b.maxAttempts - 1; i++) {
    pauses += Math.min(AWS_THROTTLING_RETRY_BASE_MS * 2 ** i, AWS_MAX_RETRY_DELAY_MS);
  }
  return b.maxAttempts * Math.max(b.connectionTimeoutMs, b.requestTimeoutMs) + pauses;
}

/**
 * The SDK clients' logger: no `info` and no `error`. The SDK's logger middleware calls
 * `logger?.info?.({ input: filter(input), output: filter(output) })` after every call and
 * `logger?.error?.({ input: filter(input), error })` after every failure (a failed condition
 * included), so with its default no-op logger it still builds a redacted copy of each request
 * and response (a schema walk: 4 % of a spend's CPU in the profile) only to drop it. Without
 * those methods the arguments are never evaluated. Nothing is lost: our code logs every failure
 * it handles, with its context (platform/logger.ts).
 */
export const SDK_LOGGER = {
  debug: () => undefined,
  warn: () => undefined,
} as unknown as { debug(): void; info(): void; warn(): void; error(): void };

/** A client's constructor options: its timeouts and retry budget. */
export function awsClientConfig(dep: AwsDependency) {
  const b = AWS_BUDGETS[dep];
  return {
    logger: SDK_LOGGER,
    maxAttempts: b.maxAttempts,
    // The SDK builds its NodeHttpHandler from these options (the `requestHandler` shorthand).
    requestHandler: {
      connectionTimeout: b.connectionTimeoutMs,
      requestTimeout: b.requestTimeoutMs,
      // Without this the SDK only logs a warning when requestTimeout passes, and waits on.
      throwOnRequestTimeout: true,
      // A response body that stops flowing (a download cut mid-way) fails as well.
      socketTimeout: b.requestTimeoutMs,
    },
  };
}

/**
 * Makes every `send` of this client carry the current request's abort signal (platform/
 * deadline.ts) unless the caller passed options of its own: no call, and no pause between its
 * retries, outlives the request's deadline, wherever it is made. Outside a request (jobs, the
 * seed, tests) there is no deadline and nothing changes.
 */
export function boundToDeadline<C extends object>(client: C): C {
  type Send = (command: unknown, options?: object) => Promise<unknown>;
  // The class's own `send`, looked up at each call (a test double may replace it meanwhile).
  const classSend = () => (Object.getPrototypeOf(client) as { send: Send }).send;
  (client as unknown as { send: Send }).send = (command, options) =>
    classSend().call(client, command, { ...sdkOptions(), ...options });
  return client;
}

export interface StripeBudget {
  /** stripe-node's `timeout`: an attempt whose connection stays silent this long fails. */
  timeoutMs: number;
  /** stripe-node's `maxNetworkRetries` (POSTs carry an Idempotency-Key, so retries are safe). */
  maxNetworkRetries: number;
}

/**
 * Stripe usually answers in well under a second; 3 s per attempt and one retry (the pause is
 * 0.5 s) fit twice in the deadline with room. It was 6 s × 3 attempts: 19.7 s with Stripe hung.
 */
export const STRIPE_BUDGET: StripeBudget = { timeoutMs: 3_000, maxNetworkRetries: 1 };

/**
 * stripe-node pauses max(0.5 s, min(0.5 s·2^(n-1), 5 s)·jitter) before retry n (n from 0), and
 * retries a closed connection once even with no retries configured (stripe-node
 * RequestSender._shouldRetry / _getSleepTimeInMS).
 */
export function stripeWorstCaseMs(b: StripeBudget): number {
  const attempts = Math.max(2, 1 + b.maxNetworkRetries);
  let pauses = 0;
  for (let n = 0; n < attempts - 1; n++)
    pauses += Math.max(500, Math.min(500 * 2 ** (n - 1), 5_000));
  return attempts * b.timeoutMs + pauses;
}
