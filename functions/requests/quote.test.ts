import { describe, expect, it } from 'vitest';
import { parseRate } from '../../shared/rules/credits.js';
import { catalogService as service } from '../../test/support/requests.js';
import { buildQuote } from './quote.js';

const prices = new Map(
  [
    service('n-copy', 'copia_legalizada', 'notarial_service', 7990, 'flat'),
    service('n-auth', 'firma_autorizada', 'notarial_service', 9990, 'per_signer'),
    service('s-fea', 'fea', 'electronic_signature', 6990, 'per_signer'),
  ].map((s) => [s.id, s]),
);

const signers = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    signer_index: i + 1,
    first_name: 'A',
    last_name: 'B',
    id_number: '1-9',
    email: `s${i}@example.com`,
    phone: '912345678',
    phone_country_code: '+56',
  }));

const req = (notarial: string | null, signature: string | null, n: number) => ({
  country_id: 'cl',
  currency_code: 'CLP',
  notarial_service_id: notarial,
  signature_service_id: signature,
  signers: signers(n),
});

describe('quote (§9)', () => {
  it('charges per-signer services per signer and flat ones once', () => {
    const q = buildQuote(req('n-copy', 's-fea', 3), prices, parseRate('0.01'));
    expect(q.items.map((i) => [i.code, i.quantity, i.unit_price, i.item_total])).toEqual([
      ['copia_legalizada', 1, 7990, 7990],
      ['fea', 3, 6990, 20970],
    ]);
    expect(q.total).toBe(28960);
    // ceil(28960 × 0.98 × 0.01) = ceil(283.808) = 284
    expect(q.credits_needed).toBe(284);
    expect(q.credits_discount_amount).toBe(580);
    expect(q.currency_code).toBe('CLP');
    // The rate the credits came from, for checkout to show the conversion.
    expect(q.credits_per_unit).toBe('0.01');
  });

  it('counts at least one signer for per-signer services', () => {
    const q = buildQuote(req('n-auth', null, 0), prices, parseRate('0.01'));
    expect(q.total).toBe(9990);
  });

  it('has no credits price without a rate, and leaves out services no longer on sale', () => {
    const q = buildQuote(req('n-gone', 's-fea', 2), prices, undefined);
    expect(q.items.map((i) => i.service_id)).toEqual(['s-fea']);
    expect(q.total).toBe(13980);
    expect(q.credits_needed).toBe(0);
    expect(q.credits_per_unit).toBeNull();
    expect(buildQuote(req(null, null, 1), prices, parseRate('0.01')).total).toBe(0);
  });
});

describe('quote with signers of several types (issue 23)', () => {
  const mixed = new Map([
    ...prices,
    ...[
      service('s-fes', 'fes', 'electronic_signature', 1990, 'per_signer'),
      service('s-cu', 'fes_clave_unica', 'electronic_signature', 4990, 'per_signer'),
    ].map((s) => [s.id, s] as const),
  ]);
  const typed = (types: (string | undefined)[]) => ({
    ...req('n-copy', 's-fes', types.length),
    signers: signers(types.length).map((s, i) => ({ ...s, signature_service_id: types[i] })),
  });

  it('prices one line per type in use, totals and credits from them', () => {
    const q = buildQuote(typed([undefined, 's-fea', 's-cu', 's-fea']), mixed, parseRate('0.01'));
    expect(q.items.map((i) => [i.code, i.quantity, i.unit_price, i.item_total])).toEqual([
      ['copia_legalizada', 1, 7990, 7990],
      ['fes', 1, 1990, 1990],
      ['fea', 2, 6990, 13980],
      ['fes_clave_unica', 1, 4990, 4990],
    ]);
    expect(q.total).toBe(28950);
    // ceil(28950 × 0.98 × 0.01) = ceil(283.71) = 284
    expect(q.credits_needed).toBe(284);
    expect(q.credits_discount_amount).toBe(579);
  });

  it('without own types the quote is what it always was', () => {
    expect(buildQuote(typed([undefined, undefined]), mixed, undefined).items).toEqual(
      buildQuote(req('n-copy', 's-fes', 2), mixed, undefined).items,
    );
  });

  it('never prices a notarial service named as a signer type', () => {
    const q = buildQuote(typed(['n-auth', undefined]), mixed, undefined);
    expect(q.items.map((i) => i.code)).toEqual(['copia_legalizada', 'fes']);
  });
});
