import { allocateFifo } from '../../shared/rules/credits.js';
import type { LedgerEntry } from './entry.js';

/**
 * The pure half of settlement (docs/data-model.md, "Credits wallet"): replays the wallet's
 * journal, in seq order, over its settled lots. Grants add their lot at their seq; debits take
 * from the earliest-expiring lots live at that point (FIFO by expiry, ties by lot id). The
 * result is each change's final record (with the lots a debit drew from) and the lots after.
 * Nothing here reads or writes: ledger-settle.ts turns the result into writes, and
 * expiringSoon uses it to see the lots as they will be.
 */

/** One lot of the wallet, as kept in the wallet item's `lots` map. */
export interface Lot {
  id: string;
  /** Epoch seconds from which the lot's remaining credits are void. */
  expiresAt: number;
  remaining: number;
  granted: number;
  /** The payment that bought it (package purchases), for reclaimGrant. */
  paymentIntentId?: string;
}

/** A change waiting in the wallet's journal: its record minus what settlement adds. */
export interface JournalChange {
  /** The idempotency key (scoped to the wallet) the change was made under. */
  key: string;
  /** Its short name in the wallet item's journal maps (wallet.ts, slotOf). */
  slot: string;
  /** The wallet's seq after the change: the record's position in the ledger. */
  seq: number;
  balanceAfter: number;
  entry: Omit<LedgerEntry, 'balance_after_transaction'>;
  /** Grants only: the lot they add. */
  lot?: Lot;
  /** Keys for money received are kept forever. */
  permanent: boolean;
}

export interface LotTake {
  lotId: string;
  expiresAt: number;
  take: number;
  /** The payment that bought the lot: a refund restores it, so a later dispute still finds it. */
  paymentIntentId?: string;
}

export interface SettledChange {
  change: JournalChange;
  entry: LedgerEntry;
  /** Debits: the lots that paid, so a refund can give credits back with their expiry. */
  lots?: LotTake[];
}

export interface ReplayResult {
  settled: SettledChange[];
  /** Lots still holding credits after the replay. */
  lots: Lot[];
  /** Lots that were in play and are now empty (their descriptor items can go). */
  emptied: Lot[];
}

export class LedgerInvariantError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerInvariantError';
  }
}

export function replay(
  settledLots: readonly Lot[],
  changes: readonly JournalChange[],
): ReplayResult {
  const lots = new Map(settledLots.map((l) => [l.id, { ...l }]));
  const emptied: Lot[] = [];
  const settled: SettledChange[] = [];
  for (const change of [...changes].sort((a, b) => a.seq - b.seq)) {
    const entry: LedgerEntry = { ...change.entry, balance_after_transaction: change.balanceAfter };
    if (change.lot) {
      lots.set(change.lot.id, { ...change.lot });
      settled.push({ change, entry });
      continue;
    }
    if (entry.amount >= 0) {
      settled.push({ change, entry });
      continue;
    }
    // Every lot in play was live when the debit was made: the wallet refuses debits once its
    // earliest lot is due (nextExpiryAt), so the time filter is off here (now = 0).
    let taken: ReturnType<typeof takeFifo>;
    try {
      taken = takeFifo([...lots.values()], -entry.amount, 0);
    } catch {
      throw new LedgerInvariantError(`journal debit ${change.seq} exceeds the wallet's lots`);
    }
    lots.clear();
    for (const lot of taken.lots) lots.set(lot.id, lot);
    emptied.push(...taken.emptied);
    const takes = taken.takes;
    settled.push({ change, entry, lots: takes });
  }
  return { settled, lots: [...lots.values()], emptied };
}

/** Epoch seconds used while a wallet has no lot: nothing is ever due. */
export const NO_EXPIRY = 9_999_999_999;

/** The earliest expiry among lots (settled or waiting in the journal). */
export function earliestExpiry(lots: readonly Pick<Lot, 'expiresAt'>[]): number {
  return lots.reduce((min, l) => Math.min(min, l.expiresAt), NO_EXPIRY);
}

/** Lots due at `now` (expiry at or before it), earliest first: what the expiry step voids. */
export function dueLots(lots: readonly Lot[], now: number): Lot[] {
  return lots
    .filter((l) => l.expiresAt <= now)
    .sort((a, b) => a.expiresAt - b.expiresAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The lots after taking `amount` FIFO by expiry (lots live at `now` only), and what each gave,
 * with its payment: a debit at settlement, a debt paid (ledger-debt.ts).
 */
export function takeFifo(
  lots: readonly Lot[],
  amount: number,
  now: number,
): { lots: Lot[]; emptied: Lot[]; takes: LotTake[] } {
  const allocation = allocateFifo(lots, amount, now);
  if (!allocation) throw new LedgerInvariantError(`${amount} credits exceed the wallet's lots`);
  const left = new Map(lots.map((l) => [l.id, { ...l }]));
  const emptied: Lot[] = [];
  const takes: LotTake[] = [];
  for (const a of allocation) {
    const lot = left.get(a.lotId) as Lot;
    takes.push({
      lotId: a.lotId,
      expiresAt: a.expiresAt,
      take: a.take,
      ...(lot.paymentIntentId ? { paymentIntentId: lot.paymentIntentId } : {}),
    });
    lot.remaining -= a.take;
    if (lot.remaining === 0) {
      left.delete(lot.id);
      emptied.push(lot);
    }
  }
  return { lots: [...left.values()], emptied, takes };
}
