import { AsyncLocalStorage } from 'node:async_hooks';
import { apiEs } from '../../shared/messages/api.es.js';
import { AppError } from './errors.js';

/**
 * The request deadline: the moment after which a request starts no more work, set below the
 * Lambda timeout so the handler always answers itself (and never writes after answering).
 *
 * One Deadline per HTTP request, set up by the middy stack (functions/platform/http.ts) and
 * carried by AsyncLocalStorage, so any code the request runs can ask for it without passing
 * it around: `beforeWrite()` before every write, `sdkOptions()` on every SDK call (its abort
 * signal fires at the deadline). Code outside a request (jobs, tests, the seed) has no deadline:
 * the checks are no-ops there.
 */

/** Kept back from the Lambda's remaining time: answer, log and return before Lambda stops us. */
export const DEADLINE_RESERVE_MS = 1_500;
/**
 * No request works longer than this, whatever the Lambda timeout: API Gateway's HTTP API gives
 * up on an integration after 30 s. With lib/'s 10 s API Lambdas the deadline is 8.5 s.
 */
export const MAX_REQUEST_MS = 30_000 - DEADLINE_RESERVE_MS;
/**
 * A write is not started with less time than this left: its answer could come after the
 * deadline, and an aborted write may still land. The caller answers 503 instead.
 */
export const MIN_WRITE_MS = 300;

export const timedOut = () => new AppError('UNAVAILABLE', apiEs.timeout);

export class Deadline {
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;

  constructor(
    /** Epoch milliseconds. */
    readonly at: number,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setTimeout(() => this.controller.abort(timedOut()), Math.max(0, at - now()));
    this.timer.unref?.();
  }

  remainingMs(): number {
    return this.at - this.now();
  }

  get expired(): boolean {
    return this.remainingMs() <= 0;
  }

  /** Fires at the deadline: hand it to every SDK call so none waits past it. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Throws the retryable 503 when less than `reserveMs` is left. */
  check(reserveMs = 0): void {
    if (this.remainingMs() <= reserveMs) throw timedOut();
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}

/** The deadline of a Lambda invocation: its remaining time less the reserve, at most the cap. */
export function deadlineFor(
  context: { getRemainingTimeInMillis?: () => number } | undefined,
  now: () => number = Date.now,
): Deadline {
  const remaining = context?.getRemainingTimeInMillis?.() ?? MAX_REQUEST_MS + DEADLINE_RESERVE_MS;
  const budget = Math.min(MAX_REQUEST_MS, remaining - DEADLINE_RESERVE_MS);
  return new Deadline(now() + budget, now);
}

const store = new AsyncLocalStorage<Deadline>();

/** Runs `fn` with `deadline` as the current request's deadline. */
export function withDeadline<T>(deadline: Deadline, fn: () => Promise<T>): Promise<T> {
  return store.run(deadline, fn);
}

export function currentDeadline(): Deadline | undefined {
  return store.getStore();
}

/** Call right before a write: throws the 503 when the write could end after the deadline. */
export function beforeWrite(): void {
  currentDeadline()?.check(MIN_WRITE_MS);
}

/** Call before any other step that takes time (a read, a pause before a retry). */
export function beforeWork(): void {
  currentDeadline()?.check();
}

/** Options for an AWS SDK `send`: aborted at the request's deadline. */
export function sdkOptions(): { abortSignal?: AbortSignal } {
  const d = currentDeadline();
  return d ? { abortSignal: d.signal } : {};
}

/** An error that only means the request's deadline passed (an aborted SDK call, our 503). */
export function isDeadlineError(err: unknown): boolean {
  const d = currentDeadline();
  if (err instanceof AppError) return err.code === 'UNAVAILABLE';
  const name = (err as { name?: string })?.name;
  return d?.expired === true && (name === 'AbortError' || d.signal.reason === err);
}

/** Waits `ms`, or throws the 503 when the deadline comes first. */
export async function pause(ms: number): Promise<void> {
  const d = currentDeadline();
  if (d && d.remainingMs() <= ms + MIN_WRITE_MS) throw timedOut();
  await new Promise((resolve) => setTimeout(resolve, ms));
}
