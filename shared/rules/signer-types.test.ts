import { describe, expect, it } from 'vitest';
import { requestLineItems } from './pricing.js';
import { allowedSignerCodes, signerServiceId, signersPerService } from './signer-types.js';

const svc = (id: string, price: number, model: 'per_signer' | 'flat' = 'per_signer') => ({
  service_id: id,
  name: id,
  description: '',
  category: 'electronic_signature' as const,
  pricing_model: model,
  unit_price: price,
});
const catalogue = new Map([
  ['s-fes', svc('s-fes', 1990)],
  ['s-fea', svc('s-fea', 6990)],
  ['s-cu', svc('s-cu', 4990)],
  ['s-flat', svc('s-flat', 500, 'flat')],
]);
const priced = (id: string) => catalogue.get(id);
const own = (id?: string | null) => ({ signature_service_id: id });
const lines = (signers: { signature_service_id?: string | null }[], def: string | null = 's-fes') =>
  requestLineItems({ signatureServiceId: def, signers, priced }).map((i) => [
    i.service_id,
    i.quantity,
    i.item_total,
  ]);

describe("each signer's own signature type (issue 23)", () => {
  it("a signer without a type of their own signs with the request's", () => {
    expect(signerServiceId(own(), 's-fes')).toBe('s-fes');
    expect(signerServiceId(own(null), 's-fes')).toBe('s-fes');
    expect(signerServiceId(own('s-fea'), 's-fes')).toBe('s-fea');
    expect(signerServiceId(own(), null)).toBeNull();
  });

  it("counts signers per type, the request's first, the others as they appear", () => {
    const counts = signersPerService([own('s-cu'), own(), own('s-fea'), own('s-cu')], 's-fes');
    expect([...counts]).toEqual([
      ['s-fes', 1],
      ['s-cu', 2],
      ['s-fea', 1],
    ]);
    // Every signer with their own type: the request's is not in use.
    expect([...signersPerService([own('s-fea')], 's-fes')]).toEqual([['s-fea', 1]]);
    expect([...signersPerService([], 's-fes')]).toEqual([]);
  });

  it('allows only Clave Única with the notary-authorized option, every type otherwise', () => {
    const all = ['fes', 'fea', 'fes_clave_unica', 'biometrica'];
    expect(allowedSignerCodes('firma_autorizada', all)).toEqual(['fes_clave_unica']);
    expect(allowedSignerCodes('sin_notario', all)).toEqual(all);
    expect(allowedSignerCodes(null, all)).toEqual(all);
  });
});

describe('signature lines per type (§9, issue 23)', () => {
  it('mixed: one line per type with its signers as the quantity', () => {
    expect(lines([own(), own('s-fea'), own('s-cu'), own(), own('s-fea')])).toEqual([
      ['s-fes', 2, 3980],
      ['s-fea', 2, 13980],
      ['s-cu', 1, 4990],
    ]);
  });

  it("all of one type: a single line, whether they name it or follow the request's", () => {
    const same = [['s-fes', 3, 5970]];
    expect(lines([own(), own(), own()])).toEqual(same);
    expect(lines([own('s-fes'), own(), own('s-fes')])).toEqual(same);
    expect(lines([own('s-fea'), own('s-fea')])).toEqual([['s-fea', 2, 13980]]);
  });

  it("zero signers: the request's type counts one signer (the estimate's rule)", () => {
    expect(lines([])).toEqual([['s-fes', 1, 1990]]);
    expect(lines([], null)).toEqual([]);
  });

  it('a flat type is charged once; a type not on sale is left out', () => {
    expect(lines([own('s-flat'), own('s-flat'), own()])).toEqual([
      ['s-fes', 1, 1990],
      ['s-flat', 1, 500],
    ]);
    expect(lines([own('s-gone'), own()])).toEqual([['s-fes', 1, 1990]]);
  });

  it('the notarial service comes first and, per signer, counts every signer', () => {
    const notarial = { ...svc('n-auth', 9990), category: 'notarial_service' as const };
    const items = requestLineItems({
      notarial,
      signatureServiceId: 's-cu',
      signers: [own(), own('s-cu')],
      priced,
    });
    expect(items.map((i) => [i.service_id, i.quantity])).toEqual([
      ['n-auth', 2],
      ['s-cu', 2],
    ]);
  });
});
