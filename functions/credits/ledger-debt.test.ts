import { describe, expect, it } from 'vitest';
import { LedgerInvariantError, type Lot, takeFifo } from './replay.js';

const lot = (id: string, expiresAt: number, remaining: number, pi?: string): Lot => ({
  id,
  expiresAt,
  remaining,
  granted: remaining,
  ...(pi ? { paymentIntentId: pi } : {}),
});

describe('takeFifo: paying a debt from the lots there are', () => {
  it('takes the earliest-expiring lots first and names each lot and its payment', () => {
    const r = takeFifo([lot('late', 900, 50), lot('soon', 500, 30, 'pi_9')], 40, 100);
    expect(r.takes).toEqual([
      { lotId: 'soon', expiresAt: 500, take: 30, paymentIntentId: 'pi_9' },
      { lotId: 'late', expiresAt: 900, take: 10 },
    ]);
    expect(r.lots).toEqual([{ ...lot('late', 900, 50), remaining: 40 }]);
    expect(r.emptied.map((l) => l.id)).toEqual(['soon']);
  });

  it('never takes from a lot already due', () => {
    expect(() => takeFifo([lot('due', 100, 50)], 10, 100)).toThrow(LedgerInvariantError);
  });

  it('refuses to take more than the lots hold', () => {
    expect(() => takeFifo([lot('a', 900, 5)], 6, 100)).toThrow(LedgerInvariantError);
  });
});
