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
  it('formats in the currency with es-ES, whole units where the currency has no cents', () => {
    expect(formatMoney(20_000, 'CLP')).toBe(
      new Intl.NumberFormat('es-ES', {
        style: 'currency',
        currency: 'CLP',
        maximumFractionDigits: 0,
      }).format(20_000),
    );
    expect(formatMoney(1999, 'eur')).toBe(
      new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(19.99),
    );
  });

  it('gives the same text on every call (formats are kept, not rebuilt)', () => {
    expect(formatMoney(123_456, 'USD')).toBe(formatMoney(123_456, 'USD'));
    expect(formatMoney(5000, null)).toBe(formatMoney(5000, undefined));
    expect(formatMoney(5000, null)).toMatch(/^€50,00$/);
  });
});
