import type { PaymentStatus } from '../../../../shared/contract/payments';
import { es } from '../../../../shared/messages.es';
import { ApiError } from '../../lib/api';
import type { ConfirmResult } from './cardPayer';

/**
 * The pure rules of a package purchase (credits-signing-admin §4 "Package purchase"): the
 * modal's states, what a card confirmation leads to, and the wait for the credits.
 *
 *   card ──submit──▶ processing ──succeeded──▶ crediting ──credited──▶ succeeded (2 s, handler)
 *                        │                         ├──declined──▶ failed
 *                        └──error──▶ failed         └──timeout──▶ delayed
 *
 * `failed` offers a retry, which closes the modal (§4).
 */
export type PurchaseState =
  | { step: 'card' }
  | { step: 'processing' }
  | { step: 'crediting' }
  | { step: 'succeeded'; credits: number | null }
  | { step: 'failed'; message: string }
  | { step: 'delayed' };

export type PurchaseEvent =
  | { type: 'submit' }
  | { type: 'confirmed'; result: ConfirmResult }
  | { type: 'credits'; outcome: CreditsOutcome };

export const initialPurchase: PurchaseState = { step: 'card' };

/** Stripe statuses after a confirm that mean the money is (or is being) taken. */
const PAID = new Set(['succeeded', 'processing']);

export function purchaseReducer(state: PurchaseState, event: PurchaseEvent): PurchaseState {
  switch (event.type) {
    case 'submit':
      // One confirmation at a time; a finished purchase is not paid again.
      return state.step === 'card' ? { step: 'processing' } : state;
    case 'confirmed': {
      if (state.step !== 'processing') return state;
      const { result } = event;
      if ('errorMessage' in result) return { step: 'failed', message: result.errorMessage };
      if (PAID.has(result.status)) return { step: 'crediting' };
      return { step: 'failed', message: es.credits.paymentError };
    }
    case 'credits': {
      if (state.step !== 'crediting') return state;
      const { outcome } = event;
      if (outcome.kind === 'credited') return { step: 'succeeded', credits: outcome.credits };
      if (outcome.kind === 'declined') return { step: 'failed', message: es.credits.paymentError };
      return { step: 'delayed' };
    }
  }
}

/** While these run, the modal cannot be closed: the card is being charged or credited. */
export function isBusy(state: PurchaseState): boolean {
  return state.step === 'processing' || state.step === 'crediting';
}

export type CreditsOutcome =
  | { kind: 'credited'; credits: number | null }
  | { kind: 'declined' }
  | { kind: 'timeout' };

export interface WaitOptions {
  /** Pause between two reads (default 1 s). */
  intervalMs?: number;
  /** Give up after this long (default 30 s). */
  timeoutMs?: number;
  signal?: AbortSignal;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const CREDITS_POLL_INTERVAL_MS = 1000;
export const CREDITS_TIMEOUT_MS = 30_000;

/** Statuses that will never be credited: the card was refused after all, or the intent ended. */
const DEAD = new Set<PaymentStatus['status']>(['requires_payment_method', 'canceled']);

/**
 * Reads the payment's status until its credits are in the wallet. A read that fails (network,
 * a 5xx) is tried again; the wait ends when the payment is credited, when Stripe says it will
 * never be, or after `timeoutMs`. Aborting the signal rejects with its reason.
 */
export async function waitForCredits(
  readStatus: (signal?: AbortSignal) => Promise<PaymentStatus>,
  options: WaitOptions = {},
): Promise<CreditsOutcome> {
  const {
    intervalMs = CREDITS_POLL_INTERVAL_MS,
    timeoutMs = CREDITS_TIMEOUT_MS,
    signal,
    now = Date.now,
    sleep = abortableSleep,
  } = options;
  const deadline = now() + timeoutMs;
  for (;;) {
    signal?.throwIfAborted();
    try {
      const status = await readStatus(signal);
      if (status.credited) return { kind: 'credited', credits: status.credits };
      if (DEAD.has(status.status)) return { kind: 'declined' };
    } catch (err) {
      signal?.throwIfAborted();
      // Not the caller's payment, or none at all: waiting longer changes nothing.
      if (err instanceof ApiError && (err.status === 404 || err.status === 403)) {
        return { kind: 'timeout' };
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

/**
 * The alert when a payment cannot be started (§8 "Payment intent"): the server answered with an
 * error, or the call itself failed unexpectedly (no answer at all).
 */
export function intentErrorMessage(err: unknown): string {
  return err instanceof ApiError && err.status > 0
    ? es.credits.paymentInitError
    : es.common.unexpected;
}

/** §9: the success handler runs 2 s after the purchase succeeded. */
export const SUCCESS_HANDLER_DELAY_MS = 2000;
