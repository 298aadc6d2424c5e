import { ApiError } from './api';

/**
 * Reads a card payment's status from our API until the server has done its part (credited a
 * package, created an order). A read that fails (network, a 5xx) is tried again; the wait ends
 * with the result, when Stripe says the payment will never succeed, when the server says the
 * payment can never become what was bought (409: it was refunded; its message says so), or
 * after `timeoutMs`.
 * Aborting the signal rejects with its reason. Shared by credit packages and checkout.
 */
export interface PollOptions {
  /** Pause between two reads (default 1 s). */
  intervalMs?: number;
  /** Give up after this long (default 30 s). */
  timeoutMs?: number;
  signal?: AbortSignal;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const POLL_INTERVAL_MS = 1000;
export const POLL_TIMEOUT_MS = 30_000;

/** Stripe statuses that will never succeed: the card was refused after all, or it ended. */
const DEAD = new Set(['requires_payment_method', 'canceled']);

export type PollOutcome<R> =
  | { kind: 'done'; result: R }
  | { kind: 'declined' }
  | { kind: 'refunded'; message: string }
  | { kind: 'timeout' };

export async function pollPayment<S extends { status: string }, R>(
  readStatus: (signal?: AbortSignal) => Promise<S>,
  resultOf: (status: S) => R | undefined,
  options: PollOptions = {},
): Promise<PollOutcome<R>> {
  const {
    intervalMs = POLL_INTERVAL_MS,
    timeoutMs = POLL_TIMEOUT_MS,
    signal,
    now = Date.now,
    sleep = abortableSleep,
  } = options;
  const deadline = now() + timeoutMs;
  for (;;) {
    signal?.throwIfAborted();
    try {
      const status = await readStatus(signal);
      const result = resultOf(status);
      if (result !== undefined) return { kind: 'done', result };
      if (DEAD.has(status.status)) return { kind: 'declined' };
    } catch (err) {
      signal?.throwIfAborted();
      // Not the caller's payment, or none at all: waiting longer changes nothing.
      if (err instanceof ApiError && (err.status === 404 || err.status === 403)) {
        return { kind: 'timeout' };
      }
      // Taken but never to be fulfilled: the money went back to the card.
      if (err instanceof ApiError && err.status === 409) {
        return { kind: 'refunded', message: err.message };
      }
    }
    if (now() + intervalMs > deadline) return { kind: 'timeout' };
    await sleep(intervalMs, signal);
  }
}

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
