import {
  ORDER_PAGE_SIZES,
  ORDER_PERIODS,
  type Order,
  type OrderCancellation,
  type OrderSigner,
  type OrderStatus,
} from '../../../../shared/contract/orders';
import { es, fmt } from '../../../../shared/messages.es';
import { formatCredits, formatMoney } from '../../../../shared/rules/currency';
import { formatSantiagoDate, formatSantiagoDateTime } from '../../../../shared/rules/santiago-time';
import { ApiError } from '../../lib/api';
import type { Tone } from '../../lib/orderLabels';

/**
 * Pure rules of my orders, the order modal and the cart (customer-flows §2.9, §4.2, §4.3, §5,
 * §8, §9): labels, what the filters accept, the title edit, the resend action and its messages.
 */

export type OrderPeriod = (typeof ORDER_PERIODS)[number];
export type PageSize = (typeof ORDER_PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;

export type SignerIcon = 'clock' | 'check' | 'x' | 'help';

/**
 * §4.2: pending 'Pendiente' (warning, clock), signed 'Firmado' (success), rejected 'Rechazado'
 * (error); any other value 'Desconocido'. A signer still pending on a cancelled order waits for
 * nothing any more: 'Sin firmar' (muted), not 'Pendiente' (issue 21).
 */
export function signerStatusView(
  status: string,
  orderStatus: OrderStatus = 'processing',
): { label: string; tone: Tone; icon: SignerIcon } {
  const labels = es.checkout.signerStatusLabels;
  switch (status) {
    case 'pending':
      if (orderStatus === 'cancelled') return { label: labels.notSigned, tone: 'muted', icon: 'x' };
      return { label: labels.pending, tone: 'warning', icon: 'clock' };
    case 'signed':
      return { label: labels.signed, tone: 'success', icon: 'check' };
    case 'rejected':
      return { label: labels.rejected, tone: 'error', icon: 'x' };
    default:
      return { label: labels.unknown, tone: 'muted', icon: 'help' };
  }
}

/**
 * §4.2: the resend-link action is offered unless the signer has signed, and only while the
 * order is open (a cancelled or completed order's links are gone for good, issue 21).
 */
export function canResend(
  signer: Pick<OrderSigner, 'estado_firma' | 'turn_waiting'>,
  orderStatus: OrderStatus = 'processing',
): boolean {
  // One waiting for their turn ('Firmar en orden') has no link yet.
  return orderStatus === 'processing' && signer.estado_firma !== 'signed' && !signer.turn_waiting;
}

/**
 * What a cancellation gives back, as the confirmation says it (docs/credits-economy.md
 * "Cancelar un pedido"): the credits paid, the card's amount, or nothing once someone signed.
 */
export function cancelBackText(
  order: Pick<Order, 'payment_method_mix' | 'credits_used' | 'total_price' | 'currency_code'>,
  terms: Pick<OrderCancellation, 'refund'>,
): string {
  if (terms.refund === 'none') return es.orders.cancelBackNone;
  if (order.payment_method_mix === 'full_credits' && order.credits_used > 0) {
    return fmt(es.orders.cancelBackCredits, { credits: formatCredits(order.credits_used) });
  }
  return fmt(es.orders.cancelBackCard, {
    amount: formatMoney(order.total_price, order.currency_code),
  });
}

/**
 * §5 "Order title edit": an empty or unchanged title is ignored (no call); the title is saved
 * trimmed.
 */
export type TitleEdit = { kind: 'ignore' } | { kind: 'save'; title: string };

export function titleEdit(current: string, input: string): TitleEdit {
  const title = input.trim();
  if (title === '' || title === current.trim()) return { kind: 'ignore' };
  return { kind: 'save', title };
}

/**
 * §8 resend errors: no signing token, too many attempts (429), the server's own refusal, and
 * 'Error al reenviar enlace de firma' when nothing better is known.
 */
export function resendErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 429) return err.message || es.api.tooManyRequests;
    if (err.status >= 400 && err.status < 500 && err.message) return err.message;
  }
  return es.orders.resendError;
}

/** What the modal says once the order is cancelled: what came back, or that nothing did. */
export function cancelDoneText(
  order: Pick<Order, 'payment_method_mix' | 'credits_used' | 'total_price' | 'currency_code'>,
  refunded: boolean,
): string {
  if (!refunded) return es.orders.cancelledNoRefund;
  if (order.payment_method_mix === 'full_credits' && order.credits_used > 0) {
    return fmt(es.orders.cancelledCredits, { credits: formatCredits(order.credits_used) });
  }
  return fmt(es.orders.cancelledCard, {
    amount: formatMoney(order.total_price, order.currency_code),
  });
}

/** A refused cancellation says why (409: already completed or cancelled); else the generic. */
export function cancelErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message) {
    return err.message;
  }
  return es.orders.cancelError;
}

/** The period filter: '' is the whole history. */
export function parsePeriod(value: string | null): OrderPeriod | undefined {
  return (ORDER_PERIODS as readonly string[]).includes(value ?? '')
    ? (value as OrderPeriod)
    : undefined;
}

export function parsePageSize(value: string | null): PageSize {
  const n = Number(value);
  return (ORDER_PAGE_SIZES as readonly number[]).includes(n) ? (n as PageSize) : DEFAULT_PAGE_SIZE;
}

export function parsePage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export function periodLabel(period: OrderPeriod | undefined): string {
  return es.checkout.periods[period ?? 'all'];
}

/** "5 mar 2026": the Santiago date, whatever the browser's zone; bad input as it came. */
export const formatOrderDate = formatSantiagoDate;

/** "5 mar 2026, 14:07": Santiago date and 24-hour time. */
export const formatOrderDateTime = formatSantiagoDateTime;

export function signersCountText(n: number): string {
  return n === 1 ? es.checkout.signersCountOne : fmt(es.checkout.signersCount, { n });
}

/** Search typed by the user, as the API takes it (trimmed, at most 100 characters). */
export function searchQuery(text: string): string | undefined {
  const q = text.trim().slice(0, 100);
  return q === '' ? undefined : q;
}

/** How long the search waits after the last key press before asking the server. */
export const SEARCH_DEBOUNCE_MS = 350;
