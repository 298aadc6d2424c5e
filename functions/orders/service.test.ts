import { describe, expect, it } from 'vitest';
import { matchesSearch, newOrderNumber, periodStart, signatureTypesOf } from './service.js';

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
  it("are 'ORD-' + the Santiago day + 6 Crockford base32 characters", () => {
    const n = newOrderNumber(new Date('2027-03-15T23:59:59Z'));
    expect(n).toMatch(/^ORD-20270315-[0-9A-HJKMNP-TV-Z]{6}$/);
  });

  it("carry Santiago's date: 31 December 22:30 there is still 2026", () => {
    expect(newOrderNumber(new Date('2027-01-01T01:30:00Z'))).toMatch(/^ORD-20261231-/);
    expect(newOrderNumber(new Date('2027-01-01T03:00:00Z'))).toMatch(/^ORD-20270101-/);
    // 23:30 on the last day of a winter month (−04:00): 1 July 03:30 UTC.
    expect(newOrderNumber(new Date('2026-07-01T03:30:00Z'))).toMatch(/^ORD-20260630-/);
  });

  it('differ from one draw to the next', () => {
    const day = new Date('2027-03-15T12:00:00Z');
    const drawn = new Set(Array.from({ length: 200 }, () => newOrderNumber(day)));
    expect(drawn.size).toBe(200);
  });
});

describe('history periods', () => {
  const now = new Date('2027-03-15T12:00:00.000Z');

  it('go back to the start of the Santiago day 7, 30 and 90 days ago, or to 1 January', () => {
    // 15 March 09:00 in Santiago (−03:00).
    expect(periodStart('7d', now)).toBe('2027-03-08T03:00:00.000Z');
    expect(periodStart('30d', now)).toBe('2027-02-13T03:00:00.000Z');
    expect(periodStart('90d', now)).toBe('2026-12-15T03:00:00.000Z');
    expect(periodStart('year', now)).toBe('2027-01-01T03:00:00.000Z');
    expect(periodStart(undefined, now)).toBeUndefined();
  });

  it("count 31 December 22:30 in Santiago in the old year's 'este año'", () => {
    // Already 1 January 01:30 in UTC.
    const newYearsEve = new Date('2027-01-01T01:30:00.000Z');
    expect(periodStart('year', newYearsEve)).toBe('2026-01-01T03:00:00.000Z');
    expect(periodStart('year', new Date('2027-01-01T03:00:00.000Z'))).toBe(
      '2027-01-01T03:00:00.000Z',
    );
  });

  it('start days in winter at −04:00 and across the September change', () => {
    // 10 September 12:00 −03 → 3 September 00:00 −04.
    expect(periodStart('7d', new Date('2026-09-10T15:00:00.000Z'))).toBe(
      '2026-09-03T04:00:00.000Z',
    );
    // 13 September → 6 September, the change day, which starts at 01:00 −03.
    expect(periodStart('7d', new Date('2026-09-13T15:00:00.000Z'))).toBe(
      '2026-09-06T04:00:00.000Z',
    );
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
});

describe("signers' signature types on the order (issue 23)", () => {
  const line = (service_id: string, code: string) => ({
    service_id,
    code,
    name: code,
    description: '',
    category: 'electronic_signature' as const,
    pricing_model: 'per_signer' as const,
    unit_price: 1,
    quantity: 1,
    item_total: 1,
  });
  const items = [line('s-fes', 'fes'), line('s-fea', 'fea'), line('s-cu', 'fes_clave_unica')];

  it("gives each signer their own type and the order the request's", () => {
    const req = {
      signature_service_id: 's-fes',
      signers: [{}, { signature_service_id: 's-fea' }, { signature_service_id: 's-cu' }],
    };
    const types = signatureTypesOf(req, items);
    expect(req.signers.map(types.signer)).toEqual(['simple', 'advanced', 'clave_unica']);
    expect(types.order).toBe('simple');
  });

  it("with every signer on their own type the order's is its first signer's", () => {
    const req = { signature_service_id: 's-fes', signers: [{ signature_service_id: 's-cu' }] };
    expect(signatureTypesOf(req, items.slice(2)).order).toBe('clave_unica');
  });
});
