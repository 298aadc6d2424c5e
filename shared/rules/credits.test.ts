import { describe, expect, it } from 'vitest';
import {
  addMonths,
  allocateFifo,
  creditsToMoney,
  discountedForCredits,
  expiringSoonEnd,
  moneyToCredits,
  packageCreditsExpiry,
  parseRate,
  serviceCost,
  subscriptionCreditsExpiry,
} from './credits.js';

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

describe('credit conversions', () => {
  it('floors amount × credits_per_unit, in integers, per currency minor units', () => {
    // 0.01 credits per peso: 9.990 CLP → 99 credits (99.9 floored).
    expect(moneyToCredits(9990, 'CLP', parseRate('0.01'))).toBe(99);
    // 1.5 credits per euro: €10.99 (1099 cents) → 16 credits (16.485 floored).
    expect(moneyToCredits(1099, 'EUR', parseRate('1.5'))).toBe(16);
    // A rate that is not exact in binary floating point stays exact.
    expect(moneyToCredits(300, 'CLP', parseRate('0.1'))).toBe(30);
    expect(moneyToCredits(0, 'CLP', parseRate(2))).toBe(0);
  });

  it('converts back by dividing, never giving more money than the credits are worth', () => {
    expect(creditsToMoney(99, 'CLP', parseRate('0.01'))).toBe(9900);
    expect(creditsToMoney(16, 'EUR', parseRate('1.5'))).toBe(1066); // 10.666… € → 10.66 €
    expect(() => creditsToMoney(1, 'CLP', parseRate('0'))).toThrow(RangeError);
  });

  it('rejects malformed rates and fractional or negative amounts', () => {
    expect(() => parseRate('1e3')).toThrow(RangeError);
    expect(() => parseRate('-1')).toThrow(RangeError);
    expect(() => moneyToCredits(10.5, 'CLP', parseRate(1))).toThrow(RangeError);
    expect(() => moneyToCredits(-1, 'CLP', parseRate(1))).toThrow(RangeError);
  });

  it('applies the 2% credit-payment discount rounding down', () => {
    expect(discountedForCredits(10000)).toBe(9800);
    expect(discountedForCredits(999)).toBe(979); // 979.02
  });

  it('prices a service use as credits_per_unit × quantity', () => {
    expect(serviceCost(5, 3)).toBe(15);
    expect(() => serviceCost(5, 0)).toThrow(RangeError);
    expect(() => serviceCost(5, 1.5)).toThrow(RangeError);
  });
});

describe('FIFO-by-expiry allocation', () => {
  const now = at('2026-06-01T00:00:00Z');
  const lots = [
    { id: 'c', expiresAt: at('2026-09-01T00:00:00Z'), remaining: 10 },
    { id: 'a', expiresAt: at('2026-07-01T00:00:00Z'), remaining: 3 },
    { id: 'b', expiresAt: at('2026-05-01T00:00:00Z'), remaining: 50 }, // already expired
    { id: 'd', expiresAt: at('2026-08-01T00:00:00Z'), remaining: 0 }, // empty
  ];

  it('takes from the earliest-expiring live lot first', () => {
    expect(allocateFifo(lots, 5, now)).toEqual([
      { lotId: 'a', expiresAt: lots[1]?.expiresAt, take: 3, had: 3 },
      { lotId: 'c', expiresAt: lots[0]?.expiresAt, take: 2, had: 10 },
    ]);
  });

  it('never spends expired credits and answers null when live lots fall short', () => {
    expect(allocateFifo(lots, 13, now)?.map((a) => a.take)).toEqual([3, 10]);
    expect(allocateFifo(lots, 14, now)).toBeNull();
    // At the exact expiry second a lot is no longer live.
    expect(allocateFifo(lots, 1, at('2026-07-01T00:00:00Z'))).toEqual([
      { lotId: 'c', expiresAt: lots[0]?.expiresAt, take: 1, had: 10 },
    ]);
  });

  it('refuses zero, negative and fractional amounts', () => {
    expect(() => allocateFifo(lots, 0, now)).toThrow(RangeError);
    expect(() => allocateFifo(lots, -2, now)).toThrow(RangeError);
    expect(() => allocateFifo(lots, 1.5, now)).toThrow(RangeError);
  });
});

describe('expiry dates', () => {
  it('package credits last 365 days', () => {
    expect(packageCreditsExpiry(at('2026-03-01T10:00:00Z'))).toBe(at('2027-03-01T10:00:00Z'));
  });

  it('subscription credits last 12 calendar months', () => {
    expect(subscriptionCreditsExpiry(at('2026-11-22T12:00:00Z'))).toBe(at('2027-11-22T12:00:00Z'));
  });

  it('adds months clamping to the last day of shorter months', () => {
    expect(addMonths(at('2026-01-31T08:00:00Z'), 1)).toBe(at('2026-02-28T08:00:00Z'));
    expect(addMonths(at('2028-01-31T08:00:00Z'), 1)).toBe(at('2028-02-29T08:00:00Z'));
    expect(addMonths(at('2026-12-15T00:00:00Z'), 1)).toBe(at('2027-01-15T00:00:00Z'));
  });

  it("adds months on Santiago's calendar and wall clock", () => {
    // 30 April 22:30 −04 (1 May 02:30 UTC) + 1 month = 30 May 22:30 −04, not 31 May.
    expect(addMonths(at('2026-05-01T02:30:00Z'), 1)).toBe(at('2026-05-31T02:30:00Z'));
    // 15 March 10:00 −03 + 1 month = 15 April 10:00 −04: the same wall time across DST.
    expect(addMonths(at('2026-03-15T13:00:00Z'), 1)).toBe(at('2026-04-15T14:00:00Z'));
  });

  it("'por vencer' runs to the end of the Santiago day 30 days after today", () => {
    // 24 November 2026 16:45 −03 → up to 24 December 24:00 −03 (25 December 03:00 UTC).
    expect(expiringSoonEnd(at('2026-11-24T19:45:00Z'))).toBe(at('2026-12-25T03:00:00Z'));
    // 31 December 22:30 in Santiago (1 January in UTC) counts from 31 December.
    expect(expiringSoonEnd(at('2027-01-01T01:30:00Z'))).toBe(at('2027-01-31T03:00:00Z'));
    // Across the April change: 10 March −03 → 9 April 24:00 −04.
    expect(expiringSoonEnd(at('2026-03-10T15:00:00Z'))).toBe(at('2026-04-10T04:00:00Z'));
  });
});
