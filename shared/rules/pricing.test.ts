import { describe, expect, it } from 'vitest';
import { parseRate } from './credits.js';
import { creditDiscountAmount, creditsForPayment, lineItems, orderTotal } from './pricing.js';
import { allowedSignatureCodes } from './services.js';

const svc = (id: string, model: 'per_signer' | 'flat', price: number) => ({
  service_id: id,
  name: id,
  description: '',
  category: 'electronic_signature' as const,
  pricing_model: model,
  unit_price: price,
});

describe('pricing (§9)', () => {
  it('charges per-signer services per signer (at least 1) and flat ones once', () => {
    const items = lineItems([svc('fea', 'per_signer', 6990), svc('copia', 'flat', 7990)], 3);
    expect(items.map((i) => [i.quantity, i.item_total])).toEqual([
      [3, 20970],
      [1, 7990],
    ]);
    expect(orderTotal(items)).toBe(28960);
    expect(lineItems([svc('fes', 'per_signer', 1990)], 0)[0]?.item_total).toBe(1990);
  });

  it('converts a total to credits with the 2% discount, rounded up', () => {
    // CLP 1.990 × 0.98 = 1.950,2 pesos × 0.01 credits per peso = 19,502 → 20 credits
    expect(creditsForPayment(1990, 'CLP', parseRate('0.01'))).toBe(20);
    // CLP 15.000 × 0.98 = 14.700 × 0.01 = 147 exactly
    expect(creditsForPayment(15000, 'CLP', parseRate('0.01'))).toBe(147);
    // EUR 19,90 (1990 cents) × 0.98 = 19,502 € × 10 = 195,02 → 196
    expect(creditsForPayment(1990, 'EUR', parseRate('10'))).toBe(196);
    expect(creditsForPayment(0, 'CLP', parseRate('0.01'))).toBe(0);
    expect(() => creditsForPayment(-1, 'CLP', parseRate('1'))).toThrow(RangeError);
  });

  it('gives the discount amount in money', () => {
    expect(creditDiscountAmount(15000)).toBe(300);
    expect(creditDiscountAmount(1990)).toBe(40);
  });
});

describe('signature types allowed by the notarial choice (§4.1)', () => {
  const all = ['fes', 'biometrica', 'fea', 'fes_clave_unica'];
  it('only Clave Única with the notary-authorized option', () => {
    expect(allowedSignatureCodes('firma_autorizada', all)).toEqual(['fes_clave_unica']);
  });
  it('every type but Clave Única with another option', () => {
    expect(allowedSignatureCodes('copia_legalizada', all)).toEqual(['fes', 'biometrica', 'fea']);
  });
  it('every type before a notarial choice', () => {
    expect(allowedSignatureCodes(null, all)).toEqual(all);
  });
});
