import type { OrderCancellation } from '../../shared/contract/orders.js';
import { NO_NOTARY_CODE, SIGNATURE_CODES } from '../../shared/rules/signature-types.js';
import type { OrderRecord } from './repo.js';

/**
 * What a customer's cancellation gives back (docs/credits-economy.md "Cancelar un pedido").
 * Pure: the order as read and the catalogue's codes not delivered yet
 * (functions/catalog/availability.ts) decide it; the server applies it, the order modal says it.
 *
 * - Only an order still 'processing' can be cancelled (completed and cancelled ones cannot).
 * - Everything comes back while no signer has signed: nothing was delivered yet.
 * - Once a signer signed, nothing comes back: the signature was delivered (its evidence is on
 *   the trail) and a refund then would let a signed document be had for free.
 * - An order that includes a signature type or notarial service Sello does not deliver yet
 *   is refunded whole, whoever signed: it was sold by mistake.
 */
export type OrderForTerms = Pick<
  OrderRecord,
  'status' | 'sign_count' | 'signature_type' | 'signature_types' | 'notarial_code'
>;

type Bought = Pick<OrderRecord, 'signature_type' | 'signature_types' | 'notarial_code'>;

/**
 * The codes of what the order bought: its signers' signature types (issue 23: one order may mix
 * them; an older order has its one type) and its notarial service, if any.
 */
export function orderServiceCodes(order: Bought): string[] {
  const types = order.signature_types ?? [order.signature_type ?? 'simple'];
  const codes = types.map((t) => SIGNATURE_CODES[t]);
  if (order.notarial_code && order.notarial_code !== NO_NOTARY_CODE) {
    codes.push(order.notarial_code);
  }
  return codes;
}

/** True when the order bought something the catalogue says is not delivered yet. */
export function boughtUnavailable(order: Bought, unavailable: ReadonlySet<string>): boolean {
  return orderServiceCodes(order).some((code) => unavailable.has(code));
}

/** What cancelling now gives back; null when the order cannot be cancelled. */
export function cancelTerms(
  order: OrderForTerms,
  unavailable: ReadonlySet<string>,
): OrderCancellation | null {
  if (order.status !== 'processing') return null;
  if (boughtUnavailable(order, unavailable)) return { refund: 'full', unavailable: true };
  return { refund: (order.sign_count ?? 0) === 0 ? 'full' : 'none', unavailable: false };
}
