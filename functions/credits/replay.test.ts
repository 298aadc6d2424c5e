import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from './entry.js';
import {
  dueLots,
  earliestExpiry,
  type JournalChange,
  type Lot,
  NO_EXPIRY,
  replay,
} from './replay.js';

const lot = (id: string, expiresAt: number, remaining: number, granted = remaining): Lot => ({
  id,
  expiresAt,
  remaining,
  granted,
});

function change(seq: number, amount: number, balanceAfter: number, add?: Lot): JournalChange {
  const entry: Omit<LedgerEntry, 'balance_after_transaction'> = {
    id: `e${seq}`,
    owner_id: 'user:1',
    type: add ? 'purchase' : 'usage',
    amount,
    description: 'x',
    currency_amount: null,
    currency_code: null,
    expires_at: null,
    related_entity_type: null,
    related_entity_id: null,
    payment_intent_id: null,
    created_at: '2026-01-01T00:00:00.000Z',
  };
  return {
    key: `k${seq}`,
    slot: `s${seq}`,
    seq,
    balanceAfter,
    entry,
    ...(add ? { lot: add } : {}),
    permanent: false,
  };
}

describe('replay (settlement plan)', () => {
  it('takes each debit from the earliest-expiring lots, in seq order', () => {
    const r = replay(
      [lot('late', 300, 5), lot('soon', 100, 4)],
      // Out of order on purpose: replay sorts by seq.
      [change(3, -3, 3), change(2, -3, 6)],
    );
    expect(r.settled.map((s) => [s.change.seq, s.entry.balance_after_transaction, s.lots])).toEqual(
      [
        [2, 6, [{ lotId: 'soon', expiresAt: 100, take: 3 }]],
        [
          3,
          3,
          [
            { lotId: 'soon', expiresAt: 100, take: 1 },
            { lotId: 'late', expiresAt: 300, take: 2 },
          ],
        ],
      ],
    );
    expect(r.lots).toEqual([lot('late', 300, 3, 5)]);
    expect(r.emptied.map((l) => l.id)).toEqual(['soon']);
  });

  it('adds a granted lot at its seq: earlier debits cannot use it, later ones use it first', () => {
    const r = replay(
      [lot('a', 500, 2)],
      [change(1, -1, 1), change(2, 10, 11, lot('b', 200, 10)), change(3, -4, 7)],
    );
    expect(r.settled[0]?.lots).toEqual([{ lotId: 'a', expiresAt: 500, take: 1 }]);
    expect(r.settled[2]?.lots).toEqual([{ lotId: 'b', expiresAt: 200, take: 4 }]);
    expect(r.lots.sort((x, y) => x.expiresAt - y.expiresAt)).toEqual([
      lot('b', 200, 6, 10),
      lot('a', 500, 1, 2),
    ]);
  });

  it('draws one debit from 150 lots (one wallet item, no 100-item transaction)', () => {
    const lots = Array.from({ length: 150 }, (_, i) =>
      lot(`l${String(i).padStart(3, '0')}`, 1000 + i, 1),
    );
    const r = replay(lots, [change(1, -150, 0)]);
    expect(r.settled[0]?.lots).toHaveLength(150);
    expect(r.lots).toEqual([]);
    expect(r.emptied).toHaveLength(150);
  });

  it('refuses a journal that spends more than its lots hold (a broken invariant, loudly)', () => {
    expect(() => replay([lot('a', 100, 1)], [change(1, -2, 0)])).toThrow(/exceeds/);
  });

  it('knows the next expiry and the lots due', () => {
    expect(earliestExpiry([])).toBe(NO_EXPIRY);
    expect(earliestExpiry([lot('a', 50, 1), lot('b', 20, 1)])).toBe(20);
    // Due means expiry at or before now: a lot is not spendable at its expiry second.
    expect(
      dueLots([lot('a', 50, 1), lot('b', 20, 1), lot('c', 51, 1)], 50).map((l) => l.id),
    ).toEqual(['b', 'a']);
  });
});
