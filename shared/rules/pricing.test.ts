import { describe, expect, it } from 'vitest';
import { defaultCurrencies } from '../../functions/catalog/defaults.js';
import { creditsToMoney, formatRate, parseRate } from './credits.js';
import {
  creditDiscountAmount,
  creditsConversion,
  creditsForPayment,
  lineItems,
  orderTotal,
} from './pricing.js';
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

describe('the credits economy (docs/credits-economy.md)', () => {
  const rate = (code: string) =>
    parseRate(defaultCurrencies.find((c) => c.currency_code === code)?.credits_per_unit ?? '');

  it('converts CLP 20.000 to 196 credits at 1 credit = CLP 100', () => {
    expect(creditsConversion(20_000, 'CLP', rate('CLP'))).toEqual({
      price: 20_000,
      discounted: 19_600,
      credits: 196,
      roundedUp: false,
      creditValue: 100,
      creditValueExact: true,
    });
  });

  it('values a credit the same (about USD 0.10) in every default currency', () => {
    const value = (code: string) => creditsConversion(100, code, rate(code)).creditValue;
    // Minor units: CLP 100, € 0,10, MXN 2,00, ARS 100,00, COP 400, PEN 0,40.
    expect(
      Object.fromEntries(defaultCurrencies.map((c) => [c.currency_code, value(c.currency_code)])),
    ).toEqual({ CLP: 100, EUR: 10, MXN: 200, ARS: 10_000, COP: 400, PEN: 40 });
    for (const c of defaultCurrencies) {
      const r = rate(c.currency_code);
      expect(creditsConversion(100, c.currency_code, r).creditValueExact).toBe(true);
      expect(creditsToMoney(1, c.currency_code, r)).toBe(value(c.currency_code));
    }
  });

  it('charges exactly what creditsForPayment charges, rounding up only a fraction', () => {
    // € 15,00 → 14,70 → 147 credits exactly; MXN 350,00 → 343,00 × 0,5 = 171,5 → 172.
    expect(creditsConversion(1500, 'EUR', rate('EUR'))).toMatchObject({
      discounted: 1470,
      credits: 147,
      roundedUp: false,
    });
    expect(creditsConversion(35_000, 'MXN', rate('MXN'))).toMatchObject({
      discounted: 34_300,
      credits: 172,
      roundedUp: true,
    });
    for (const total of [1, 99, 12_345, 28_960, 1_000_000]) {
      for (const c of defaultCurrencies) {
        const r = rate(c.currency_code);
        expect(creditsConversion(total, c.currency_code, r).credits).toBe(
          creditsForPayment(total, c.currency_code, r),
        );
      }
    }
  });

  it('gives the examples of docs/credits-economy.md', () => {
    const examples: [string, number, number][] = [
      ['CLP', 20_000, 196],
      ['EUR', 1500, 147],
      ['MXN', 35_000, 172],
      ['ARS', 2_000_000, 196],
      ['COP', 80_000, 196],
      ['PEN', 8000, 196],
    ];
    for (const [code, total, credits] of examples) {
      expect(creditsForPayment(total, code, rate(code))).toBe(credits);
    }
  });

  it('rounds a credit value that is not a whole minor unit and says so', () => {
    // 3 credits a euro: one credit is 33,33… cents.
    expect(creditsConversion(300, 'EUR', parseRate('3'))).toMatchObject({
      creditValue: 33,
      creditValueExact: false,
    });
  });

  it('writes a rate back as the catalogue holds it', () => {
    for (const text of ['0.01', '10', '0.5', '0.0025', '2.5', '3', '1.25']) {
      expect(formatRate(parseRate(text))).toBe(text);
    }
    expect(formatRate(parseRate('0.50'))).toBe('0.5');
    expect(formatRate(parseRate('2.0'))).toBe('2');
  });
});
