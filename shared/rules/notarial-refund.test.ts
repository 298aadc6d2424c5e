import { describe, expect, it } from 'vitest';
import { notarialPart } from './notarial-refund.js';

const lines = [
  { service_category: 'notarial_service' as const, item_total: 8_990 },
  { service_category: 'electronic_signature' as const, item_total: 3_980 },
];

describe('the notarial part of an order', () => {
  it('is the sum of its notarial lines, in money', () => {
    expect(
      notarialPart(lines, { total_price: 12_970, credits_used: 0, paid_with_credits: false }),
    ).toEqual({ amount: 8_990, credits: 0 });
  });

  it('is the same share of the credits paid, rounded down', () => {
    // 127 credits for 12 970: the notarial share is 127 × 8 990 / 12 970 = 88.02… → 88.
    expect(
      notarialPart(lines, { total_price: 12_970, credits_used: 127, paid_with_credits: true }),
    ).toEqual({ amount: 8_990, credits: 88 });
  });

  it('is nothing without a notarial line, and never more than the order cost', () => {
    expect(
      notarialPart([lines[1] as (typeof lines)[number]], {
        total_price: 3_980,
        credits_used: 40,
        paid_with_credits: true,
      }),
    ).toEqual({ amount: 0, credits: 0 });
    expect(
      notarialPart(lines, { total_price: 5_000, credits_used: 50, paid_with_credits: true }),
    ).toEqual({ amount: 5_000, credits: 50 });
  });

  it('stays exact for large totals', () => {
    const big = [{ service_category: 'notarial_service' as const, item_total: 9_007_199_254 }];
    expect(
      notarialPart(big, {
        total_price: 9_007_199_254 * 3,
        credits_used: 9_007_199,
        paid_with_credits: true,
      }).credits,
    ).toBe(3_002_399);
  });
});
