/**
 * Currency formatting: one form on every screen and in every mail, Chile's (es-CL): $9.990,
 * $11.730 (issue 21; the spec's es-ES wrote "9990 CLP" but "11.970 CLP", since es-ES groups
 * only from five digits). Other currencies in es-CL too ("US$1.234,56", "€19,99"), falling back
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

/**
 * Building an Intl.NumberFormat loads the locale's data and costs far more than formatting
 * (tens of milliseconds on a slow phone for the first one): each distinct format is built once
 * and kept. The keys are few (a handful of currencies, one credits format).
 */
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/**
 * Formats an amount given in minor units (cents; whole pesos for CLP). Pesos are written out
 * like credits (formatCredits: no Intl object on the first paint of a price); the result is
 * Intl's es-CL text, "$9.990" (currency.test.ts compares).
 */
export function formatMoney(amountMinor: number, currencyCode?: string | null): string {
  const code = currencyCode?.toUpperCase();
  if (!code) {
    return `€${numberFormat('es-CL', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amountMinor / 100)}`;
  }
  if (code === 'CLP' && Number.isSafeInteger(amountMinor)) {
    const sign = amountMinor < 0 ? '-' : '';
    return `${sign}$${formatCredits(Math.abs(amountMinor))}`;
  }
  const digits = minorDigits(code);
  const value = amountMinor / 10 ** digits;
  try {
    return numberFormat('es-CL', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(value);
  } catch {
    return `€${numberFormat('es-CL', {}).format(value)}`;
  }
}

/**
 * Credits are whole units, shown with Chilean grouping ("1.500"). Written out rather than asked
 * of Intl: the first Intl object a page builds loads the ICU data (~50 ms on a desktop, four
 * times that on a slow phone), and a credit cost is on the wizard's first screen. Same output
 * as `Intl.NumberFormat('es-CL', { maximumFractionDigits: 0 })` (currency.test.ts compares).
 */
export function formatCredits(credits: number): string {
  const whole = Math.round(Math.abs(credits));
  if (!Number.isSafeInteger(whole))
    return numberFormat('es-CL', { maximumFractionDigits: 0 }).format(credits);
  const grouped = String(whole).replace(/\B(?=(\d{3})+$)/g, '.');
  return credits < 0 || Object.is(credits, -0) ? `-${grouped}` : grouped;
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
