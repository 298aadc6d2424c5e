import { randomUUID } from 'node:crypto';
import { creditsEs } from '../../shared/messages/credits.es.js';
import { iso, type LedgerEntry } from './entry.js';
import { pinned } from './ledger-pinned.js';
import { takeFifo } from './replay.js';
import type { Wallet } from './wallet.js';

/**
 * A debt (credits of a reversed card payment that had already been spent, ledger-reclaim.ts)
 * pauses spending until it is paid. Settlement pays it from whatever credits the wallet holds
 * next (a new package, a plan's monthly credits), earliest-expiring first, as one 'adjustment'
 * record listing the lots: a step of settlement like expiry, on a wallet at rest.
 */

/** Pays as much of the debt as the balance allows. The wallet is at rest, no lot is due. */
export async function payDebt(ownerId: string, w: Wallet, now: number): Promise<number> {
  const pay = Math.min(w.debt, w.balance);
  const after = takeFifo(w.lots, pay, now);
  const entry: LedgerEntry = {
    id: randomUUID(),
    owner_id: ownerId,
    type: 'adjustment',
    amount: -pay,
    balance_after_transaction: w.balance - pay,
    description: creditsEs.debtPaidDescription,
    currency_amount: null,
    currency_code: null,
    expires_at: null,
    related_entity_type: 'debt',
    related_entity_id: null,
    payment_intent_id: null,
    created_at: iso(now),
  };
  await pinned(ownerId, w, now, {
    lots: after.lots,
    records: [{ entry, lots: after.takes }],
    deltas: { '#bal': -pay, '#tu': pay, '#debt': -pay },
    removedLots: after.emptied,
  });
  return pay;
}
