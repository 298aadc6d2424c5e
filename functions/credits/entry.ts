import type { TransactionType } from '../../shared/rules/credits.js';

/** One ledger record, as the API shows it (credits-signing-admin §1). */
export interface LedgerEntry {
  id: string;
  owner_id: string;
  type: TransactionType;
  /** Signed: negative for usage and expiry. */
  amount: number;
  balance_after_transaction: number;
  description: string;
  currency_amount: number | null;
  currency_code: string | null;
  expires_at: string | null;
  related_entity_type: string | null;
  related_entity_id: string | null;
  payment_intent_id: string | null;
  created_at: string;
}

/** A stored record (or journal entry) as a LedgerEntry: only the API's fields. */
export function toEntry(item: Record<string, unknown>): LedgerEntry {
  const n = (v: unknown) => (v === undefined || v === null ? null : Number(v));
  const s = (v: unknown) => (v === undefined || v === null ? null : String(v));
  return {
    id: String(item.id),
    owner_id: String(item.owner_id),
    type: item.type as TransactionType,
    amount: Number(item.amount),
    balance_after_transaction: Number(item.balance_after_transaction),
    description: String(item.description ?? ''),
    currency_amount: n(item.currency_amount),
    currency_code: s(item.currency_code),
    expires_at: s(item.expires_at),
    related_entity_type: s(item.related_entity_type),
    related_entity_id: s(item.related_entity_id),
    payment_intent_id: s(item.payment_intent_id),
    created_at: String(item.created_at),
  };
}

export const iso = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();
