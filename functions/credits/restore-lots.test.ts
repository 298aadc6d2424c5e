import { describe, expect, it } from 'vitest';
import type { Lot } from './replay.js';
import { partOfTakes, restoreTakes } from './restore-lots.js';

const lot = (id: string, remaining: number, extra: Partial<Lot> = {}): Lot => ({
  id,
  expiresAt: 2_000,
  remaining,
  granted: 100,
  ...extra,
});

describe('restoreTakes: a spend given back to the lots it came from', () => {
  it('adds credits back to a lot still in the wallet, keeping its expiry and payment', () => {
    const r = restoreTakes(
      [lot('a', 10, { paymentIntentId: 'pi_1' })],
      [{ lotId: 'a', expiresAt: 2_000, take: 30, paymentIntentId: 'pi_1' }],
    );
    expect(r.lots).toEqual([lot('a', 40, { paymentIntentId: 'pi_1' })]);
    expect(r.recreated).toEqual([]);
    expect(r.total).toBe(30);
  });

  it('recreates an emptied lot under its own id, expiry and payment', () => {
    const r = restoreTakes(
      [lot('a', 10)],
      [
        { lotId: 'b', expiresAt: 1_500, take: 20, paymentIntentId: 'pi_2' },
        { lotId: 'a', expiresAt: 2_000, take: 5 },
      ],
    );
    const b = { id: 'b', expiresAt: 1_500, remaining: 20, granted: 20, paymentIntentId: 'pi_2' };
    expect(r.lots).toEqual([lot('a', 15), b]);
    expect(r.recreated).toEqual([b]);
    expect(r.total).toBe(25);
  });

  it('brings back a lot whose expiry passed, for settlement to void as it would have', () => {
    const r = restoreTakes([], [{ lotId: 'old', expiresAt: 1, take: 7 }]);
    expect(r.lots).toEqual([{ id: 'old', expiresAt: 1, remaining: 7, granted: 7 }]);
  });

  it('refuses a take that is not a positive whole number (a corrupt record gives nothing)', () => {
    expect(() => restoreTakes([], [{ lotId: 'x', expiresAt: 1, take: 0 }])).toThrow(RangeError);
    expect(() => restoreTakes([], [{ lotId: 'x', expiresAt: 1, take: 1.5 }])).toThrow(RangeError);
  });

  it('leaves the lots it was given untouched', () => {
    const before = [lot('a', 10)];
    restoreTakes(before, [{ lotId: 'a', expiresAt: 2_000, take: 3 }]);
    expect(before[0]?.remaining).toBe(10);
  });
});

describe('partOfTakes: a spend given back in part', () => {
  const takes = [
    { lotId: 'early', expiresAt: 1_000, take: 30 },
    { lotId: 'late', expiresAt: 3_000, take: 20, paymentIntentId: 'pi_9' },
  ];

  it('takes from the lots that expire last first', () => {
    expect(partOfTakes(takes, 15)).toEqual([
      { lotId: 'late', expiresAt: 3_000, take: 15, paymentIntentId: 'pi_9' },
    ]);
    expect(partOfTakes(takes, 35)).toEqual([
      { lotId: 'early', expiresAt: 1_000, take: 15 },
      { lotId: 'late', expiresAt: 3_000, take: 20, paymentIntentId: 'pi_9' },
    ]);
  });

  it('never gives back more than the spend took, nor a bad amount', () => {
    expect(partOfTakes(takes, 500).reduce((s, t) => s + t.take, 0)).toBe(50);
    expect(partOfTakes(takes, 0)).toEqual([]);
    expect(() => partOfTakes(takes, 1.5)).toThrow(RangeError);
    expect(() => partOfTakes(takes, -1)).toThrow(RangeError);
  });
});
