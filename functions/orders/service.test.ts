import { describe, expect, it } from 'vitest';
import { matchesSearch, newOrderNumber, periodStart, searchable } from './service.js';

const order = (over: Partial<Parameters<typeof matchesSearch>[0]> = {}) => ({
  id: 'o1',
  order_number: 'ORD-20270315-7KQ2XZ',
  title: 'Contrato de Arriendo',
  status: 'processing' as const,
  total_price: 3980,
  currency_code: 'CLP',
  country_id: 'cl',
  document_name: 'compraventa-final.pdf',
  request_id: 'r1',
  request_number: 'SOL-ABCDEFGH',
  signers_count: 2,
  payment_method_mix: 'full_currency' as const,
  payment_method_label: 'Tarjeta',
  credits_used: 0,
  created_at: '2027-03-15T10:00:00.000Z',
  ...over,
});

describe('order numbers', () => {
  it("are 'ORD-' + the UTC day + 6 Crockford base32 characters", () => {
    const n = newOrderNumber(new Date('2027-03-15T23:59:59Z'));
    expect(n).toMatch(/^ORD-20270315-[0-9A-HJKMNP-TV-Z]{6}$/);
  });

  it('differ from one draw to the next', () => {
    const day = new Date('2027-03-15T12:00:00Z');
    const drawn = new Set(Array.from({ length: 200 }, () => newOrderNumber(day)));
    expect(drawn.size).toBe(200);
  });
});

describe('history periods', () => {
  const now = new Date('2027-03-15T12:00:00.000Z');

  it('go back 7, 30 and 90 days, or to January 1st (UTC) for this year', () => {
    expect(periodStart('7d', now)).toBe('2027-03-08T12:00:00.000Z');
    expect(periodStart('30d', now)).toBe('2027-02-13T12:00:00.000Z');
    expect(periodStart('90d', now)).toBe('2026-12-15T12:00:00.000Z');
    expect(periodStart('year', now)).toBe('2027-01-01T00:00:00.000Z');
    expect(periodStart(undefined, now)).toBeUndefined();
  });
});

describe('history search', () => {
  it('matches title, document name or order number, ignoring case and accents', () => {
    expect(matchesSearch(order(), 'arriendo')).toBe(true);
    expect(matchesSearch(order(), 'COMPRAVENTA')).toBe(true);
    expect(matchesSearch(order(), 'ord-20270315-7kq')).toBe(true);
    expect(matchesSearch(order({ title: 'Poder notarial' }), 'notárial')).toBe(true);
    expect(matchesSearch(order({ title: 'Acción de compra' }), 'ACCION')).toBe(true);
    expect(matchesSearch(order(), 'hipoteca')).toBe(false);
    expect(matchesSearch(order(), undefined)).toBe(true);
    expect(matchesSearch(order(), '')).toBe(true);
  });

  it('folds text the same way on both sides', () => {
    expect(searchable('ÁÉÍÓÚ Ñandú')).toBe('aeiou nandu');
  });
});
