import { describe, expect, it } from 'vitest';
import { fromStripeAmount, toStripeAmount } from './currency.js';

describe('amounts for Stripe', () => {
  it('keeps zero-decimal currencies and cents as they are', () => {
    expect(toStripeAmount(9990, 'CLP')).toBe(9990);
    expect(toStripeAmount(999, 'EUR')).toBe(999);
    expect(toStripeAmount(19900, 'MXN')).toBe(19900);
  });

  it('adds the two decimals Stripe wants where we keep whole units', () => {
    // 39.900 COP: Stripe reads 3990000 as 39.900,00.
    expect(toStripeAmount(39900, 'COP')).toBe(3990000);
    expect(fromStripeAmount(3990000, 'cop')).toBe(39900);
  });

  it('round-trips every currency we sell in', () => {
    for (const code of ['CLP', 'EUR', 'MXN', 'ARS', 'COP', 'PEN']) {
      expect(fromStripeAmount(toStripeAmount(12345, code), code)).toBe(12345);
    }
  });
});
