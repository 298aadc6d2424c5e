import type { ReceiptSummary } from '../../../../shared/contract/receipts';

export interface ReceiptIndex {
  byTransaction: Map<string, ReceiptSummary>;
  byPaymentIntent: Map<string, ReceiptSummary>;
}

/** Package purchases are found by their card payment; the other credit movements by record. */
export function receiptIndex(receipts: readonly ReceiptSummary[]): ReceiptIndex {
  const byTransaction = new Map<string, ReceiptSummary>();
  const byPaymentIntent = new Map<string, ReceiptSummary>();
  for (const r of receipts) {
    if (r.transaction_id) byTransaction.set(r.transaction_id, r);
    if (r.kind === 'credit_package' && r.payment_intent_id)
      byPaymentIntent.set(r.payment_intent_id, r);
  }
  return { byTransaction, byPaymentIntent };
}

/** The receipt of one credit movement, if it has one. */
export function receiptOfTransaction(
  index: ReceiptIndex | undefined,
  t: { id: string; type: string; payment_intent_id: string | null },
): ReceiptSummary | undefined {
  if (!index) return undefined;
  return (
    index.byTransaction.get(t.id) ??
    (t.type === 'purchase' && t.payment_intent_id
      ? index.byPaymentIntent.get(t.payment_intent_id)
      : undefined)
  );
}

export const receiptPath = (id: string) => `/recibo/${id}`;
