import type { Rate } from './credits.js';
import { creditsForPayment } from './pricing.js';
import { NO_NOTARY_CODE, type PricingModel, type ServiceCategory } from './services.js';

/**
 * Selling only what is delivered (issue 21). Every signature type, notarial service, credit
 * service and premium feature carries an `available` flag in the catalogue; what is not
 * available is shown as 'Próximamente' and refused by the server. This file holds the pure
 * rules both sides share: what consumes each credit service, and the credits a credit service
 * sold through the wizard costs (the wizard's own price, so both screens show one number).
 */

/** Chile first: the country whose prices a credit service shows when none is chosen. */
export const HOME_COUNTRY_ID = 'cl';

/** Where a credit service is consumed: directly on its card, or by a feature of the product. */
export const CREDIT_SERVICE_USES = ['direct', 'analysis', 'wizard'] as const;
export type CreditServiceUse = (typeof CREDIT_SERVICE_USES)[number];

/**
 * What consumes each credit service. The analysis is run (and charged) by the wizard's AI
 * analysis, signatures and notarial services by the wizard's order (paid at checkout): their
 * card never charges, it leads there. The rest would be charged on their card, after a
 * confirmation with the price.
 */
export const CREDIT_SERVICE_USE: Readonly<Record<string, CreditServiceUse>> = {
  ai_document_analysis: 'analysis',
  ai_chat_message: 'direct',
  document_signature: 'wizard',
  notarial_service: 'wizard',
  template_access: 'direct',
};

export const creditServiceUse = (serviceName: string): CreditServiceUse =>
  CREDIT_SERVICE_USE[serviceName] ?? 'direct';

/** The catalogue category a wizard-sold credit service stands for. */
export const WIZARD_CATEGORY: Readonly<Record<string, ServiceCategory>> = {
  document_signature: 'electronic_signature',
  notarial_service: 'notarial_service',
};

/** What the rule below reads of a catalogue service. */
export interface SellableService {
  code: string;
  category: ServiceCategory;
  price: number;
  currency_code: string;
  pricing_model: PricingModel;
  available: boolean;
}

/**
 * The lowest price in credits of the available services of a category, as checkout charges it
 * (creditsForPayment: the 2% discount, the currency's rate, rounded up): for one signer when
 * per signer. The notarial slot's free "no notary" choice is not a notarial service. Undefined
 * when nothing of that category is available (the credit service is then 'Próximamente').
 */
export function wizardCreditsFrom(
  services: readonly SellableService[],
  category: ServiceCategory,
  rate: Rate,
): number | undefined {
  const prices = services
    .filter((s) => s.available && s.category === category && s.code !== NO_NOTARY_CODE)
    .map((s) => creditsForPayment(s.price, s.currency_code, rate));
  return prices.length ? Math.min(...prices) : undefined;
}

/** A catalogue item the visitor may ask to hear about: kind and code ("service:fea"). */
export const WAITLIST_KINDS = ['service', 'credit_service', 'feature'] as const;
export type WaitlistKind = (typeof WAITLIST_KINDS)[number];
export const WAITLIST_INTEREST_PATTERN = /^(service|credit_service|feature):[a-z0-9_-]{1,48}$/;
export const waitlistInterest = (kind: WaitlistKind, code: string) => `${kind}:${code}`;

/**
 * The AI analysis's idempotency key: the document's own, so one document is analysed and
 * charged once, whatever the clicks, reloads or tabs (the server answers a repeated key with
 * the stored result, free). A failed analysis stores nothing and may be asked again.
 */
export const analysisKey = (documentId: string) => `analysis-${documentId}`.slice(0, 64);
