import { describe, expect, it } from 'vitest';
import { formatCredits, formatMoney } from './currency.js';

describe('formatCredits', () => {
  const intl = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 0 });

  it('groups thousands with a dot, as es-CL does', () => {
    expect(formatCredits(0)).toBe('0');
    expect(formatCredits(999)).toBe('999');
    expect(formatCredits(1500)).toBe('1.500');
    expect(formatCredits(1234567)).toBe('1.234.567');
    expect(formatCredits(-1500)).toBe('-1.500');
  });

  it('gives what Intl es-CL gives, halves, negatives and odd values included', () => {
    const values = [-0, 0.5, -0.5, 1.5, 2.5, -2.5, -0.4, 0.49, 999.5, 1e15, -1e15, 2 ** 53 + 2];
    for (let n = -20_000; n <= 20_000; n += 7) values.push(n, n + 0.5);
    for (let e = 0; e <= 15; e++) values.push(10 ** e, 10 ** e - 1, -(10 ** e));
    values.push(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY);
    for (const v of values) expect(formatCredits(v), String(v)).toBe(intl.format(v));
  });
});

describe('formatMoney', () => {
  it('writes pesos in the es-CL form, as Intl does, grouping from four digits', () => {
    const intl = new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP' });
    for (const v of [0, 5, 990, 9990, 11_730, 11_970, 20_000, 1_234_567]) {
      expect(formatMoney(v, 'CLP'), String(v)).toBe(intl.format(v));
    }
    expect(formatMoney(9990, 'CLP')).toBe('$9.990');
    expect(formatMoney(11_970, 'clp')).toBe('$11.970');
    // A discount line: the sign before the peso sign (Intl writes "$-239").
    expect(formatMoney(-239, 'CLP')).toBe('-$239');
  });

  it('formats other currencies in es-CL, with cents where the currency has them', () => {
    expect(formatMoney(1999, 'eur')).toBe(
      new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'EUR' }).format(19.99),
    );
    expect(formatMoney(3_990_000, 'COP')).toBe(
      new Intl.NumberFormat('es-CL', {
        style: 'currency',
        currency: 'COP',
        maximumFractionDigits: 0,
      }).format(3_990_000),
    );
  });

  it('gives the same text on every call (formats are kept, not rebuilt)', () => {
    expect(formatMoney(123_456, 'USD')).toBe(formatMoney(123_456, 'USD'));
    expect(formatMoney(5000, null)).toBe(formatMoney(5000, undefined));
    expect(formatMoney(5000, null)).toMatch(/^€50,00$/);
  });
});
