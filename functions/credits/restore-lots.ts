import type { Lot, LotTake } from './replay.js';

/**
 * The pure half of giving a spend back (ledger-restore.ts): the credits a debit took go back to
 * the very lots they came from, with the lots' expiry and payment, so a refunded order's credits
 * expire when they would have and a dispute of the card payment that bought them still takes
 * them back (reclaimGrant finds lots by payment). A lot still in the wallet gets its credits
 * back; a lot the debit (or later ones) emptied is recreated under its own id. A lot whose
 * expiry has passed comes back too: settlement then voids it with an 'expired' record, as it
 * would have been voided had it never been spent.
 */
export interface RestoredLots {
  /** The wallet's lots after the restore. */
  lots: Lot[];
  /** Lots recreated (no longer in the wallet): their descriptor items are written again. */
  recreated: Lot[];
  /** Credits given back in all. */
  total: number;
}

export function restoreTakes(walletLots: readonly Lot[], takes: readonly LotTake[]): RestoredLots {
  const lots = new Map(walletLots.map((l) => [l.id, { ...l }]));
  const recreated = new Map<string, Lot>();
  let total = 0;
  for (const t of takes) {
    if (!Number.isSafeInteger(t.take) || t.take <= 0) {
      throw new RangeError(`a spend's lot take must be a positive whole number (${t.lotId})`);
    }
    total += t.take;
    const lot = lots.get(t.lotId);
    if (lot) {
      lot.remaining += t.take;
      // A recreated lot seen twice (two takes of one lot) keeps growing as one.
      if (recreated.has(lot.id)) lot.granted += t.take;
      continue;
    }
    const back: Lot = {
      id: t.lotId,
      expiresAt: t.expiresAt,
      remaining: t.take,
      granted: t.take,
      ...(t.paymentIntentId ? { paymentIntentId: t.paymentIntentId } : {}),
    };
    lots.set(back.id, back);
    recreated.set(back.id, back);
  }
  return { lots: [...lots.values()], recreated: [...recreated.values()], total };
}

/**
 * The part of a spend's takes worth `credits` (a spend given back in part: a notary's rejection
 * returns only the notarial share). Taken from the last takes backwards: those lots expire last,
 * so the credits given back stay usable the longest. Never more than the spend took.
 */
export function partOfTakes(takes: readonly LotTake[], credits: number): LotTake[] {
  if (!Number.isSafeInteger(credits) || credits < 0) {
    throw new RangeError('the credits given back must be a whole number ≥ 0');
  }
  const out: LotTake[] = [];
  let left = credits;
  for (let i = takes.length - 1; i >= 0 && left > 0; i--) {
    const t = takes[i] as LotTake;
    const take = Math.min(t.take, left);
    out.unshift({ ...t, take });
    left -= take;
  }
  return out;
}
