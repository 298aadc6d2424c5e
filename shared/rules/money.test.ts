import { describe, expect, it } from 'vitest';
import { formatMoney } from './currency.js';
import {
  amountPaid,
  cardAmounts,
  contractedItems,
  creditsAmounts,
  receiptNumber,
} from './money.js';

describe('amountPaid', () => {
  it('is the price less the 2% credits discount: 11.970 paid with credits is 11.730', () => {
    expect(amountPaid({ total_price: 11_970, credits_discount_amount: 240 })).toBe(11_730);
    expect(
      formatMoney(amountPaid({ total_price: 11_970, credits_discount_amount: 240 }), 'CLP'),
    ).toBe('$11.730');
  });

  it('is the price itself for a card payment', () => {
    expect(amountPaid({ total_price: 9990, credits_discount_amount: 0 })).toBe(9990);
  });
});

describe('receipt amounts', () => {
  it('by card: no discount, the total is the price', () => {
    expect(cardAmounts(44_990)).toEqual({ subtotal: 44_990, discount: 0, total: 44_990 });
  });

  it('with credits: the quote’s own 2% discount, rounded in the customer’s favour', () => {
    // 2% of 11.970 is 239,4: the customer pays floor(11.970 × 0.98) = 11.730.
    expect(creditsAmounts(11_970)).toEqual({ subtotal: 11_970, discount: 240, total: 11_730 });
    expect(creditsAmounts(20_000)).toEqual({ subtotal: 20_000, discount: 400, total: 19_600 });
  });

  it('with credits: the discount the order recorded wins', () => {
    expect(creditsAmounts(10_000, 200)).toEqual({ subtotal: 10_000, discount: 200, total: 9800 });
  });
});

describe('receiptNumber', () => {
  it('is R- and the sequence, six digits at least', () => {
    expect(receiptNumber(1)).toBe('R-000001');
    expect(receiptNumber(123_456)).toBe('R-123456');
    expect(receiptNumber(1_234_567)).toBe('R-1234567');
  });

  it('is unique per sequence number and never made of nothing', () => {
    const numbers = new Set(Array.from({ length: 1000 }, (_, i) => receiptNumber(i + 1)));
    expect(numbers.size).toBe(1000);
    expect(() => receiptNumber(0)).toThrow(RangeError);
    expect(() => receiptNumber(1.5)).toThrow(RangeError);
  });
});

describe('contractedItems', () => {
  const item = (code: string, category: string, item_total: number) => ({
    code,
    category,
    item_total,
  });

  it('leaves out "No, solo firma electrónica" (a choice, not a service bought)', () => {
    const items = [
      item('sin_notario', 'notarial_service', 0),
      item('simple', 'electronic_signature', 5990),
    ];
    expect(contractedItems(items).map((i) => i.code)).toEqual(['simple']);
  });

  it('keeps paid notarial services, and order lines without a code by their price', () => {
    const lines = [
      { category: 'notarial_service', item_total: 0 },
      { category: 'notarial_service', item_total: 15_000 },
      { category: 'electronic_signature', item_total: 5990 },
    ];
    expect(contractedItems(lines)).toHaveLength(2);
  });
});
