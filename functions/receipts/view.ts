import type { Receipt, ReceiptSummary } from '../../shared/contract/receipts.js';
import type { StoredReceipt } from './repo.js';

/** A stored receipt as the API shows it: without its owner and idempotency reference. */
export function toReceipt(r: StoredReceipt): Receipt {
  const { user_sub: _sub, ref: _ref, mailed_at: _mailed, ...receipt } = r;
  return receipt;
}

export const toSummary = (r: StoredReceipt): ReceiptSummary => ({
  id: r.id,
  number: r.number,
  kind: r.kind,
  description: r.description,
  currency_code: r.currency_code,
  total: r.total,
  credits: r.credits,
  payment_intent_id: r.payment_intent_id,
  transaction_id: r.transaction_id,
  order_id: r.order_id,
  issued_at: r.issued_at,
});
