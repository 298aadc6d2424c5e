import { CREDIT_PAYMENT_DISCOUNT_PERCENT, type Rate } from './credits.js';
import { minorDigits } from './currency.js';
import type { PricingModel, ServiceCategory } from './services.js';
import { signersPerService, type TypedSigner } from './signer-types.js';

/**
 * Order pricing (customer-flows §9). Prices are integers in minor units of the country's
 * currency and always come from the catalogue on the server; the browser runs the same
 * functions only to show an estimate.
 */
export interface PricedService {
  service_id: string;
  name: string;
  description: string;
  category: ServiceCategory;
  pricing_model: PricingModel;
  /** Catalogue price in the country, minor units. */
  unit_price: number;
}

/** A catalogue entry at its price in a country, as something to price (server and browser). */
export const pricedService = (s: {
  id: string;
  name: string;
  description: string;
  category: ServiceCategory;
  pricing_model: PricingModel;
  price: number;
}): PricedService => ({
  service_id: s.id,
  name: s.name,
  description: s.description,
  category: s.category,
  pricing_model: s.pricing_model,
  unit_price: s.price,
});

export interface LineItem extends PricedService {
  quantity: number;
  item_total: number;
}

/** Per-signer services cost price × signers (at least 1); the rest are flat. */
export function lineItems(services: readonly PricedService[], signersCount: number): LineItem[] {
  const signers = Math.max(1, Math.floor(signersCount));
  return services.map((s) => {
    const quantity = s.pricing_model === 'per_signer' ? signers : 1;
    return { ...s, quantity, item_total: s.unit_price * quantity };
  });
}

/** What a request's lines are priced from. */
export interface RequestPricing {
  notarial?: PricedService;
  /** The request's signature type (step 2): the type of every signer without their own. */
  signatureServiceId: string | null;
  signers: readonly TypedSigner[];
  /** A signature service by id at its price in the country; undefined: not on sale there. */
  priced: (serviceId: string) => PricedService | undefined;
}

/**
 * A request's lines (§9, issue 23): the notarial service (per signer: every signer), then one
 * line per signature type in use with its own signers as the quantity, the request's type
 * first. With no signers yet, the request's type counts one signer, as the estimate always
 * did. A type no longer on sale is left out (payment refuses it, requests/checks.ts).
 */
export function requestLineItems(p: RequestPricing): LineItem[] {
  const notarial = p.notarial ? lineItems([p.notarial], p.signers.length) : [];
  const counts = signersPerService(p.signers, p.signatureServiceId);
  if (counts.size === 0 && p.signatureServiceId) counts.set(p.signatureServiceId, 0);
  const signatures = [...counts].flatMap(([id, signers]) => {
    const service = p.priced(id);
    return service ? lineItems([service], signers) : [];
  });
  return [...notarial, ...signatures];
}

/** Estimated total: notarial cost plus signature cost. */
export function orderTotal(items: readonly LineItem[]): number {
  return items.reduce((sum, i) => sum + i.item_total, 0);
}

/**
 * Credits needed to pay `totalMinor` with credits: the 2% discounted price, converted at the
 * currency's credits_per_unit and rounded up to whole credits (§5, §9). Exact integer maths.
 */
export function creditsForPayment(totalMinor: number, currencyCode: string, rate: Rate): number {
  if (!Number.isSafeInteger(totalMinor) || totalMinor < 0) {
    throw new RangeError('total must be a whole number ≥ 0');
  }
  const scale = 10n ** BigInt(minorDigits(currencyCode));
  const num = BigInt(totalMinor) * BigInt(100 - CREDIT_PAYMENT_DISCOUNT_PERCENT) * rate.num;
  const den = 100n * rate.den * scale;
  return Number((num + den - 1n) / den);
}

/** The money value of the 2% discount, in minor units (shown as credits_discount_amount). */
export function creditDiscountAmount(totalMinor: number): number {
  return totalMinor - Math.floor((totalMinor * (100 - CREDIT_PAYMENT_DISCOUNT_PERCENT)) / 100);
}

/**
 * How a price becomes credits, for checkout to show (docs/credits-economy.md): the price, the
 * price with the 2% discount, the credits charged (creditsForPayment, the very number the
 * server debits) and what one credit is worth in this currency. Minor units throughout.
 */
export interface CreditsConversion {
  price: number;
  /** The price less the 2% discount, rounded down like credits_discount_amount. */
  discounted: number;
  credits: number;
  /** The discounted price did not convert to whole credits and was rounded up. */
  roundedUp: boolean;
  /** One credit in this currency, to the nearest minor unit... */
  creditValue: number;
  /** ...and whether that is exact (true for every default rate). */
  creditValueExact: boolean;
}

export function creditsConversion(
  totalMinor: number,
  currencyCode: string,
  rate: Rate,
): CreditsConversion {
  if (rate.num <= 0n) throw new RangeError('credits_per_unit must be positive');
  const credits = creditsForPayment(totalMinor, currencyCode, rate);
  const scale = 10n ** BigInt(minorDigits(currencyCode));
  const exactCredits =
    (BigInt(totalMinor) * BigInt(100 - CREDIT_PAYMENT_DISCOUNT_PERCENT) * rate.num) %
      (100n * rate.den * scale) ===
    0n;
  // One credit = den × scale / num minor units, rounded half up.
  const perCredit = rate.den * scale;
  return {
    price: totalMinor,
    discounted: totalMinor - creditDiscountAmount(totalMinor),
    credits,
    roundedUp: !exactCredits,
    creditValue: Number((2n * perCredit + rate.num) / (2n * rate.num)),
    creditValueExact: perCredit % rate.num === 0n,
  };
}
