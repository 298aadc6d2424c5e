import { creditDiscountAmount } from './pricing.js';
import { NO_NOTARY_CODE } from './services.js';

/**
 * What money a customer actually paid, and how a receipt counts it (issue 21 item 4). Amounts
 * are integers in minor units of their currency (whole pesos for CLP); shown with formatMoney
 * (./currency.ts), the one formatter of every screen and mail.
 */

/**
 * An order's "Total pagado": its price less the 2% credits discount where it was paid with
 * credits (credits_discount_amount is 0 for a card payment). A credits order priced 11.970 CLP
 * was paid 11.730 CLP.
 */
export function amountPaid(order: {
  total_price: number;
  credits_discount_amount: number;
}): number {
  return Math.max(0, order.total_price - order.credits_discount_amount);
}

/** What a receipt shows: the price, the 2% credits discount (0 by card) and what was paid. */
export interface ReceiptAmounts {
  subtotal: number;
  discount: number;
  total: number;
}

/** A card payment: paid as priced, no discount. */
export const cardAmounts = (price: number): ReceiptAmounts => ({
  subtotal: price,
  discount: 0,
  total: price,
});

/**
 * A payment with credits: the same discount the quote gives (pricing.ts creditDiscountAmount),
 * unless the order recorded its own (the amount it was charged with wins).
 */
export function creditsAmounts(price: number, recordedDiscount?: number): ReceiptAmounts {
  const discount = recordedDiscount ?? creditDiscountAmount(price);
  return { subtotal: price, discount, total: Math.max(0, price - discount) };
}

/** Receipts are numbered R-000001, R-000002...: one sequence for the whole platform. */
export function receiptNumber(seq: number): string {
  if (!Number.isSafeInteger(seq) || seq < 1) throw new RangeError('receipt sequence must be ≥ 1');
  return `R-${String(seq).padStart(6, '0')}`;
}

/**
 * The services a customer contracted, as a summary or a receipt lists them: the notarial
 * slot's "No, solo firma electrónica" (free, no notary work) is a choice, not a service bought.
 * Order lines carry no code: a free notarial line is that choice.
 */
export function contractedItems<T extends { code?: string; category: string; item_total: number }>(
  items: readonly T[],
): T[] {
  return items.filter(
    (i) => i.code !== NO_NOTARY_CODE && !(i.category === 'notarial_service' && i.item_total === 0),
  );
}
