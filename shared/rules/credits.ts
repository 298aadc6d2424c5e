import { minorDigits } from './currency.js';
import { addSantiagoMonths, santiagoParts, santiagoWallTime } from './santiago-time.js';

/**
 * Credits math (credits-signing-admin §1, §3, §9). Credits are whole units; money is an integer
 * in minor units of its currency. Everything here is pure and exact: no floating-point result
 * ever reaches a balance.
 */

/** Package credits are valid 365 days (§9). */
export const PACKAGE_CREDIT_DAYS = 365;
/** Subscription credits accumulate for at most 12 months (§9). */
export const SUBSCRIPTION_CREDIT_MONTHS = 12;
/** Paying with credits gives a 2% discount (§1, §9). */
export const CREDIT_PAYMENT_DISCOUNT_PERCENT = 2;
/** Low-credit banners: under 100 on premium features, under 50 on credit services (§9). */
export const LOW_CREDITS_FEATURES = 100;
export const LOW_CREDITS_SERVICES = 50;
/** "Expiring soon" on the credit history: lots ending within this many Santiago days. */
export const EXPIRING_SOON_DAYS = 30;
/** Saved-signers access default price (§4, §9). */
export const SAVED_SIGNERS_DEFAULT_CREDITS = 10;

export const TRANSACTION_TYPES = [
  'purchase',
  'earned',
  'adjustment',
  'usage',
  'refund',
  'expired',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/**
 * A credits-per-unit rate as an exact fraction. Rates come from the catalogue as decimal
 * strings or numbers ("0.01" credits per peso, "1.5" per euro); we keep numerator/denominator
 * so floor(amount × rate) is computed in integers.
 */
export interface Rate {
  num: bigint;
  den: bigint;
}

export function parseRate(rate: string | number): Rate {
  const text = typeof rate === 'number' ? rate.toString() : rate.trim();
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new RangeError(`invalid credits_per_unit: ${text}`);
  const decimals = m[2] ?? '';
  return { num: BigInt(`${m[1]}${decimals}`), den: 10n ** BigInt(decimals.length) };
}

/** A rate back to its exact decimal text ("0.01", "2.5", "10"), as the catalogue holds it. */
export function formatRate(rate: Rate): string {
  const digits = rate.den.toString().length - 1;
  const text = rate.num.toString().padStart(digits + 1, '0');
  if (digits === 0) return text;
  const fraction = text.slice(-digits).replace(/0+$/, '');
  const whole = text.slice(0, -digits);
  return fraction ? `${whole}.${fraction}` : whole;
}

/**
 * Credits for a money amount: floor(amount × credits_per_unit) (§9). The amount is in minor
 * units of `currencyCode`; the rate is per major unit.
 */
export function moneyToCredits(amountMinor: number, currencyCode: string, rate: Rate): number {
  assertWhole(amountMinor, 'amount');
  const scale = 10n ** BigInt(minorDigits(currencyCode));
  return Number((BigInt(amountMinor) * rate.num) / (rate.den * scale));
}

/**
 * The money a number of credits stands for ("and back by dividing", §9), in minor units,
 * rounded down so the conversion never gives more than was paid.
 */
export function creditsToMoney(credits: number, currencyCode: string, rate: Rate): number {
  assertWhole(credits, 'credits');
  if (rate.num === 0n) throw new RangeError('credits_per_unit must be positive');
  const scale = 10n ** BigInt(minorDigits(currencyCode));
  return Number((BigInt(credits) * rate.den * scale) / rate.num);
}

/** A price paid with credits: the 2% discount, rounded down in the customer's favour. */
export function discountedForCredits(amountMinor: number): number {
  assertWhole(amountMinor, 'amount');
  return Math.floor((amountMinor * (100 - CREDIT_PAYMENT_DISCOUNT_PERCENT)) / 100);
}

/** One lot of credits granted together, spent first-expiring-first. */
export interface LotView {
  id: string;
  /** Epoch seconds after which the lot's remaining credits are void. */
  expiresAt: number;
  remaining: number;
}

export interface Allocation {
  lotId: string;
  expiresAt: number;
  take: number;
  /** What the lot held when read: the write is conditioned on it still holding at least `take`. */
  had: number;
}

/**
 * Picks the credits to spend: the earliest-expiring live lots first (ties by id, for a stable
 * order). Returns null when the live lots do not cover `amount`.
 */
export function allocateFifo(
  lots: readonly LotView[],
  amount: number,
  now: number,
): Allocation[] | null {
  assertPositiveWhole(amount, 'amount');
  const live = lots
    .filter((l) => l.remaining > 0 && l.expiresAt > now)
    .sort((a, b) => a.expiresAt - b.expiresAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const out: Allocation[] = [];
  let left = amount;
  for (const lot of live) {
    if (left === 0) break;
    const take = Math.min(lot.remaining, left);
    out.push({ lotId: lot.id, expiresAt: lot.expiresAt, take, had: lot.remaining });
    left -= take;
  }
  return left === 0 ? out : null;
}

const DAY = 86_400;

/** Expiry of package credits granted at `now` (epoch seconds). */
export function packageCreditsExpiry(now: number): number {
  return now + PACKAGE_CREDIT_DAYS * DAY;
}

/**
 * Adds calendar months on Chile's clock, keeping the Santiago wall time and clamping to the
 * month's last day (31 Jan + 1 month = 28/29 Feb; 30 April 22:30 + 1 month = 30 May 22:30,
 * although UTC is already in May and June). Feature periods and subscription credits follow
 * the customer's calendar, not UTC's.
 */
export function addMonths(epochSeconds: number, months: number): number {
  return Math.floor(addSantiagoMonths(new Date(epochSeconds * 1000), months).getTime() / 1000);
}

/**
 * End (exclusive, epoch seconds) of the "por vencer" window: lots expiring before the end of
 * the Santiago day EXPIRING_SOON_DAYS days after today's, so a lot whose expiry date (shown in
 * Santiago) falls within those days counts whatever its hour.
 */
export function expiringSoonEnd(now: number): number {
  const today = santiagoParts(new Date(now * 1000));
  const end = santiagoWallTime(today.year, today.month, today.day + EXPIRING_SOON_DAYS + 1);
  return Math.floor(end.getTime() / 1000);
}

/** Expiry of subscription credits granted at `now`: they accumulate for at most 12 months. */
export function subscriptionCreditsExpiry(now: number): number {
  return addMonths(now, SUBSCRIPTION_CREDIT_MONTHS);
}

/** Credits a service use costs: credits_per_unit × quantity. */
export function serviceCost(creditsPerUnit: number, quantity: number): number {
  assertWhole(creditsPerUnit, 'credits_per_unit');
  assertPositiveWhole(quantity, 'quantity');
  return creditsPerUnit * quantity;
}

function assertWhole(n: number, what: string) {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${what} must be a whole number ≥ 0`);
}

function assertPositiveWhole(n: number, what: string) {
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new RangeError(`${what} must be a whole number > 0`);
}
