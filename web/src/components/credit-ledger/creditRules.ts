import type { CreditService, CreditTransaction } from '../../../../shared/contract/credits';
import { es, fmt } from '../../../../shared/messages.es';
import { TRANSACTION_TYPES, type TransactionType } from '../../../../shared/rules/credits';
import { formatCredits, formatMoney } from '../../../../shared/rules/currency';
import { formatSantiagoDate, formatSantiagoDateTime } from '../../../../shared/rules/santiago-time';

/**
 * Pure rules of the credit screens (history, services, features): how a movement is shown,
 * when a balance is low or too small, and the texts built from the server's data.
 */

export type AmountTone = 'positive' | 'negative' | 'muted';

/** Types that add credits, and types that take them away, whatever the sign says. */
const INCOMING: readonly TransactionType[] = ['purchase', 'earned', 'refund'];

/**
 * Colour of a movement: money coming in is positive, spending negative, expiry muted (credits
 * lost, not spent). Adjustments go either way and follow their sign.
 */
export function amountTone(type: TransactionType, amount: number): AmountTone {
  if (type === 'expired') return 'muted';
  if (INCOMING.includes(type)) return 'positive';
  if (type === 'usage') return 'negative';
  return amount < 0 ? 'negative' : 'positive';
}

/** "+1.500" or "−10" (a real minus sign), es-CL grouping. Zero has no sign. */
export function formatSignedCredits(amount: number): string {
  if (amount === 0) return formatCredits(0);
  return `${amount > 0 ? '+' : '\u2212'}${formatCredits(Math.abs(amount))}`;
}

/** Filter choices of the history: all, then every type in the contract's order. */
export const HISTORY_FILTERS: readonly ('all' | TransactionType)[] = ['all', ...TRANSACTION_TYPES];

export function filterLabel(filter: 'all' | TransactionType): string {
  return filter === 'all' ? es.credits.filterAll : es.credits.types[filter];
}

export function isTransactionType(value: string): value is TransactionType {
  return (TRANSACTION_TYPES as readonly string[]).includes(value);
}

/** "5 mar 2026, 14:07": Santiago date and time, whatever the browser's zone. Bad input: as is. */
export const formatDateTime = formatSantiagoDateTime;

/** "5 mar 2026": the Santiago date. */
export const formatDate = formatSantiagoDate;

/** The lines under a movement: what was paid for it and when its credits expire, if known. */
export function transactionDetails(t: CreditTransaction): string[] {
  const details: string[] = [];
  if (t.currency_amount !== null && t.currency_code) {
    details.push(
      fmt(es.credits.paidAmount, { amount: formatMoney(t.currency_amount, t.currency_code) }),
    );
  }
  if (t.expires_at && t.amount > 0) {
    details.push(fmt(es.credits.expiresOn, { date: formatDate(t.expires_at) }));
  }
  return details;
}

/** "créditos por análisis" after the price of a service ("crédito por mensaje" for 1). */
export function perUnitText(creditsPerUnit: number, serviceType: string): string {
  const template = creditsPerUnit === 1 ? es.credits.perUnitOne : es.credits.perUnit;
  return fmt(template, { unit: serviceUnitLabel(serviceType) });
}

type ServiceUnits = typeof es.credits.serviceUnits;

/** The unit a rule charges by; unknown types read "uso" (§3: "otherwise per use"). */
export function serviceUnitLabel(serviceType: string): string {
  const units: ServiceUnits = es.credits.serviceUnits;
  return Object.hasOwn(units, serviceType)
    ? units[serviceType as keyof ServiceUnits]
    : units.per_use;
}

/** "5 créditos" / "1 crédito" (es-CL grouping). */
export function creditsText(n: number): string {
  return `${formatCredits(n)} ${n === 1 ? es.credits.credit : es.credits.credits}`;
}

/**
 * The unit after a credit service's price. A signature sold by the wizard is priced per signer
 * there (its lowest signature type, shown "desde"), so its card says so; the rest follow their
 * rule's service_type.
 */
export function servicePriceUnit(
  service: Pick<CreditService, 'service_name' | 'service_type' | 'credits_per_unit' | 'price_from'>,
): string {
  if (service.price_from && service.service_name === 'document_signature') {
    return service.credits_per_unit === 1
      ? es.availability.perSignerOne
      : es.availability.perSigner;
  }
  return perUnitText(service.credits_per_unit, service.service_type);
}
