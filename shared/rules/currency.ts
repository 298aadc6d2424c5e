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
