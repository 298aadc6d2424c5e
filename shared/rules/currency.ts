/**
 * Currency formatting per spec §9: the country's currency code with locale es-ES, falling back
 * to a euro sign when no currency is known; credit balances use es-CL grouping.
 * Amounts are integers in minor units where the currency has them (see minorDigits).
 */
const ZERO_DECIMAL = new Set([
  'CLP',
  'COP',
  'PYG',
  'JPY',
  'KRW',
  'ISK',
  'VND',
  'UYI',
  'XOF',
  'XAF',
]);

export function minorDigits(currencyCode: string): number {
  return ZERO_DECIMAL.has(currencyCode.toUpperCase()) ? 0 : 2;
}

/** Formats an amount given in minor units (cents; whole pesos for CLP). */
export function formatMoney(amountMinor: number, currencyCode?: string | null): string {
  const code = currencyCode?.toUpperCase();
  if (!code) {
    return `€${(amountMinor / 100).toLocaleString('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  }
  const digits = minorDigits(code);
  const value = amountMinor / 10 ** digits;
  try {
    return new Intl.NumberFormat('es-ES', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(value);
  } catch {
    return `€${value.toLocaleString('es-ES')}`;
  }
}

/** Credits are whole units, shown with Chilean grouping ("1.500"). */
export function formatCredits(credits: number): string {
  return new Intl.NumberFormat('es-CL', { maximumFractionDigits: 0 }).format(credits);
}

/**
 * Currencies Stripe takes in whole units (its "zero-decimal" list). For every other currency
 * Stripe wants two decimals, even where we keep whole units (COP, ISK...): 39.900 COP is
 * 3990000 for Stripe.
 */
const STRIPE_ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

const stripeDigits = (currencyCode: string) =>
  STRIPE_ZERO_DECIMAL.has(currencyCode.toUpperCase()) ? 0 : 2;

/** Our amount (minor units as minorDigits says) in the unit Stripe expects for the currency. */
export function toStripeAmount(amountMinor: number, currencyCode: string): number {
  const diff = stripeDigits(currencyCode) - minorDigits(currencyCode);
  return diff >= 0 ? amountMinor * 10 ** diff : Math.round(amountMinor / 10 ** -diff);
}

/** An amount from Stripe back in our minor units. */
export function fromStripeAmount(stripeAmount: number, currencyCode: string): number {
  const diff = stripeDigits(currencyCode) - minorDigits(currencyCode);
  return diff >= 0 ? Math.floor(stripeAmount / 10 ** diff) : stripeAmount * 10 ** -diff;
}
