import { describe, expect, it } from 'vitest';
import {
  CREDIT_SERVICE_USE,
  creditServiceUse,
  wizardCreditsFrom,
} from '../../shared/rules/availability.js';
import { parseRate } from '../../shared/rules/credits.js';
import { defaultServicePrices, defaultServices } from './default-services.js';
import { defaultFeaturePlans, defaultRules } from './defaults.js';

const clp = parseRate('0.01');

describe('what is delivered today (the seed, issues 21 and 22)', () => {
  it('every signature type, the notary-free choice, the legalized copy and the protocolization', () => {
    expect(defaultServices.filter((s) => s.available).map((s) => s.code)).toEqual([
      'sin_notario',
      'copia_legalizada',
      'protocolizacion',
      'fes',
      'biometrica',
      'fea',
      'fes_clave_unica',
    ]);
    expect(defaultServices.find((s) => s.code === 'firma_autorizada')?.available).toBe(false);
  });

  it('credit services: the analysis and the wizard’s ones; no chat, no templates', () => {
    const flags = Object.fromEntries(defaultRules.map((r) => [r.service_name, r.available]));
    expect(flags).toEqual({
      ai_document_analysis: true,
      ai_chat_message: false,
      document_signature: true,
      notarial_service: true,
      template_access: false,
    });
    // The wizard's services are priced by the wizard, never by a second number of their own.
    for (const r of defaultRules.filter((r) => creditServiceUse(r.service_name) === 'wizard')) {
      expect(r.credits_per_unit).toBe(0);
    }
  });

  it('premium features: only the saved signers unlock something', () => {
    expect(defaultFeaturePlans.filter((p) => p.available).map((p) => p.feature_type)).toEqual([
      'saved_signers_access',
    ]);
  });

  it('every credit service of the contract says what consumes it', () => {
    expect(Object.keys(CREDIT_SERVICE_USE).sort()).toEqual(
      defaultRules.map((r) => r.service_name).sort(),
    );
    expect(creditServiceUse('ai_document_analysis')).toBe('analysis');
    expect(creditServiceUse('document_signature')).toBe('wizard');
    expect(creditServiceUse('notarial_service')).toBe('wizard');
    expect(creditServiceUse('ai_chat_message')).toBe('direct');
  });

  it('on the seeded Chilean catalogue: 20 credits a simple signer, 79 the cheapest notarial service', () => {
    const cl = defaultServices.map((s) => {
      const p = defaultServicePrices.find((x) => x.service_id === s.id && x.country_id === 'cl');
      return { ...s, price: p?.price ?? 0, currency_code: 'CLP', pricing_model: 'flat' as const };
    });
    expect(wizardCreditsFrom(cl, 'electronic_signature', clp)).toBe(20);
    // $7.990 for a legalized copy, less 2%, at 100 pesos a credit: 78.3 → 79.
    expect(wizardCreditsFrom(cl, 'notarial_service', clp)).toBe(79);
  });
});
