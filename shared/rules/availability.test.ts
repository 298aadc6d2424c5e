import { describe, expect, it } from 'vitest';
import {
  type SellableService,
  WAITLIST_INTEREST_PATTERN,
  waitlistInterest,
  wizardCreditsFrom,
} from './availability.js';
import { parseRate } from './credits.js';
import { creditsForPayment } from './pricing.js';

const clp = parseRate('0.01');
const svc = (over: Partial<SellableService>): SellableService => ({
  code: 'fes',
  category: 'electronic_signature',
  price: 1990,
  currency_code: 'CLP',
  pricing_model: 'per_signer',
  available: true,
  ...over,
});

describe('wizardCreditsFrom: one price per thing', () => {
  it('is the lowest available price of the category, converted as checkout converts it', () => {
    const list = [
      svc({ code: 'fes', price: 1990 }),
      svc({ code: 'fea', price: 6990 }),
      svc({ code: 'biometrica', price: 990, available: false }),
    ];
    // 1.990 CLP − 2% = 1.950,2 CLP → 19,502 credits → 20 (what checkout charges one signer).
    expect(wizardCreditsFrom(list, 'electronic_signature', clp)).toBe(20);
    expect(wizardCreditsFrom(list, 'electronic_signature', clp)).toBe(
      creditsForPayment(1990, 'CLP', clp),
    );
  });

  it('leaves out the free notary-free choice and says undefined when nothing is available', () => {
    const notarial = [
      svc({ code: 'sin_notario', category: 'notarial_service', price: 0, pricing_model: 'flat' }),
      svc({
        code: 'copia_legalizada',
        category: 'notarial_service',
        price: 7990,
        available: false,
      }),
    ];
    expect(wizardCreditsFrom(notarial, 'notarial_service', clp)).toBeUndefined();
    const copyOn = [
      ...notarial.slice(0, 1),
      { ...(notarial[1] as SellableService), available: true },
    ];
    // 7.990 CLP − 2% = 7.830,2 CLP → 79 credits, the wizard's "about 80 a legalized copy".
    expect(wizardCreditsFrom(copyOn, 'notarial_service', clp)).toBe(79);
  });
});

describe('Avísame items', () => {
  it('name a kind and a code, and nothing else passes', () => {
    expect(waitlistInterest('service', 'fea')).toBe('service:fea');
    for (const ok of ['service:fea', 'credit_service:notarial_service', 'feature:legal_advisory']) {
      expect(WAITLIST_INTEREST_PATTERN.test(ok)).toBe(true);
    }
    for (const bad of ['fea', 'plan:x', 'service:', 'service:FEA', `service:${'a'.repeat(49)}`]) {
      expect(WAITLIST_INTEREST_PATTERN.test(bad)).toBe(false);
    }
  });
});
