import type { PaymentStatus } from '../../../../shared/contract/payments';
import { es } from '../../../../shared/messages.es';
import { ApiError } from '../../lib/api';
import type { ConfirmResult } from '../../lib/payments/cardPayer';
import {
  POLL_INTERVAL_MS,
  POLL_TIMEOUT_MS,
  type PollOptions,
  pollPayment,
} from '../../lib/pollPayment';

/**
 * The pure rules of a package purchase (credits-signing-admin §4 "Package purchase"): the
 * modal's states, what a card confirmation leads to, and the wait for the credits.
 *
 *   card ──submit──▶ processing ──succeeded──▶ crediting ──credited──▶ succeeded (2 s, handler)
 *                        │                         ├──declined──▶ failed
 *                        └──error──▶ failed         ├──refunded (409)──▶ failed
 *                                                  └──timeout──▶ delayed
 *
 * `failed` offers 'Reintentar'. A card that was declined (or never charged) goes back to the
 * card form with the same payment, so the customer can type another card (issue 21; §4 only
 * closed the modal); a payment refunded instead of credited closes the modal.
 */
export type PurchaseState =
  | { step: 'card' }
  | { step: 'processing' }
  | { step: 'crediting' }
  | { step: 'succeeded'; credits: number | null }
  /** `retry`: nothing was charged, the same payment may be tried with another card. */
  | { step: 'failed'; message: string; retry?: true }
  | { step: 'delayed' };

export type PurchaseEvent =
  | { type: 'submit' }
  | { type: 'confirmed'; result: ConfirmResult }
  | { type: 'credits'; outcome: CreditsOutcome }
  | { type: 'retry' };

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
      if ('errorMessage' in result) {
        return { step: 'failed', message: result.errorMessage, retry: true };
      }
      if (PAID.has(result.status)) return { step: 'crediting' };
      return { step: 'failed', message: es.credits.paymentError, retry: true };
    }
    case 'credits': {
      if (state.step !== 'crediting') return state;
      const { outcome } = event;
      if (outcome.kind === 'credited') return { step: 'succeeded', credits: outcome.credits };
      if (outcome.kind === 'declined') {
        return { step: 'failed', message: es.credits.paymentError, retry: true };
      }
      if (outcome.kind === 'refunded') {
        return { step: 'failed', message: outcome.message || es.credits.paymentRefunded };
      }
      return { step: 'delayed' };
    }
    case 'retry':
      return state.step === 'failed' && state.retry ? { step: 'card' } : state;
  }
}

/** While these run, the modal cannot be closed: the card is being charged or credited. */
export function isBusy(state: PurchaseState): boolean {
  return state.step === 'processing' || state.step === 'crediting';
}

export type CreditsOutcome =
  | { kind: 'credited'; credits: number | null }
  | { kind: 'declined' }
  | { kind: 'refunded'; message: string }
  | { kind: 'timeout' };

export type WaitOptions = PollOptions;

export const CREDITS_POLL_INTERVAL_MS = POLL_INTERVAL_MS;
export const CREDITS_TIMEOUT_MS = POLL_TIMEOUT_MS;

/** Reads the payment's status until its credits are in the wallet (see pollPayment). */
export async function waitForCredits(
  readStatus: (signal?: AbortSignal) => Promise<PaymentStatus>,
  options: WaitOptions = {},
): Promise<CreditsOutcome> {
  const outcome = await pollPayment(
    readStatus,
    (s) => (s.credited ? { credits: s.credits } : undefined),
    options,
  );
  return outcome.kind === 'done' ? { kind: 'credited', credits: outcome.result.credits } : outcome;
}

/**
 * The alert when a payment cannot be started (§8 "Payment intent"): the server answered with an
 * error, or the call itself failed unexpectedly (no answer at all). A limit (429) or a rule the
 * customer can act on (422: purchases closed in the country) is told as the server says it.
 */
export function intentErrorMessage(err: unknown): string {
  if (err instanceof ApiError && (err.status === 429 || err.status === 422) && err.message) {
    return err.message;
  }
  return err instanceof ApiError && err.status > 0
    ? es.credits.paymentInitError
    : es.common.unexpected;
}

/** §9: the success handler runs 2 s after the purchase succeeded. */
export const SUCCESS_HANDLER_DELAY_MS = 2000;
