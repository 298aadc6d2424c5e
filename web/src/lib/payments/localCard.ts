import { es } from '../../../../shared/messages.es';
import { santiagoParts } from '../../../../shared/rules/santiago-time';
import type { ConfirmResult, IntentSecrets } from './cardPayer';

/**
 * Pure rules of the local card form: what a typed card is, how it is checked the way Stripe's
 * CardElement checks it, and the confirm call to the Stripe emulator (Stripe's own wire format).
 */
export interface LocalCard {
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
}

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardErrors = Partial<Record<keyof CardInput, string>>;

export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

/** "4242424242424242" → "4242 4242 4242 4242" while typing (at most 19 digits). */
export function formatCardNumber(value: string): string {
  return digitsOnly(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1228" → "12/28" while typing; a lone first digit above 1 is a month ("5" → "05"). */
export function formatExpiry(value: string): string {
  let digits = digitsOnly(value).slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** Luhn checksum, as Stripe checks a card number before sending it. */
export function luhnValid(number: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = number.length - 1; i >= 0; i--) {
    let d = Number(number[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return number.length > 0 && sum % 10 === 0;
}

/** "MM/AA" → month and four-digit year; undefined when it is no date. */
export function parseExpiry(value: string): { month: number; year: number } | undefined {
  const match =
    /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(value) ?? /^\s*(\d{2})(\d{2})\s*$/.exec(value);
  if (!match) return undefined;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return undefined;
  return { month, year: 2000 + Number(match[2]) };
}

/** Checks the typed card; `now` decides whether the expiry date has passed. */
export function validateCard(
  input: CardInput,
  now: Date,
): { card: LocalCard; errors?: undefined } | { card?: undefined; errors: CardErrors } {
  const errors: CardErrors = {};
  const number = digitsOnly(input.number);
  if (number.length < 12 || number.length > 19 || !luhnValid(number)) {
    errors.number = es.credits.cardNumberInvalid;
  }
  const expiry = parseExpiry(input.expiry);
  if (!expiry) {
    errors.expiry = es.credits.cardExpiryInvalid;
  } else {
    // The current month on Chile's clock, not the browser's zone.
    const today = santiagoParts(now);
    if (expiry.year * 12 + expiry.month < today.year * 12 + today.month)
      errors.expiry = es.credits.cardExpiryPast;
  }
  const cvc = digitsOnly(input.cvc);
  if (cvc.length < 3 || cvc.length > 4 || cvc !== input.cvc.trim()) {
    errors.cvc = es.credits.cardCvcInvalid;
  }
  if (Object.keys(errors).length > 0 || !expiry) return { errors };
  return { card: { number, expMonth: expiry.month, expYear: expiry.year, cvc } };
}

/** The body Stripe.js sends to confirm a payment intent with raw card details. */
export function confirmBody(intent: IntentSecrets, card: LocalCard): string {
  return new URLSearchParams([
    ['client_secret', intent.clientSecret],
    ['payment_method_data[type]', 'card'],
    ['payment_method_data[card][number]', card.number],
    ['payment_method_data[card][exp_month]', String(card.expMonth)],
    ['payment_method_data[card][exp_year]', String(card.expYear)],
    ['payment_method_data[card][cvc]', card.cvc],
  ]).toString();
}

/** `{localProxy}/v1/payment_intents/{id}/confirm`, whatever slash the proxy path ends with. */
export function confirmUrl(localProxy: string, paymentIntentId: string): string {
  return `${localProxy.replace(/\/+$/, '')}/v1/payment_intents/${encodeURIComponent(paymentIntentId)}/confirm`;
}

interface StripeAnswer {
  status?: unknown;
  last_payment_error?: { message?: unknown } | null;
  error?: { message?: unknown; code?: unknown };
}

/**
 * Stripe's answer to a confirm, as Stripe.js would hand it over: an error (a 402 decline or any
 * other failure) gives its message, a payment intent gives its status; a decline recorded on
 * the intent is an error too.
 */
export function confirmResultOf(httpStatus: number, body: unknown): ConfirmResult {
  const answer = (body && typeof body === 'object' ? body : {}) as StripeAnswer;
  if (answer.error || httpStatus >= 400) {
    const message = answer.error?.message;
    return {
      errorMessage: typeof message === 'string' && message ? message : es.credits.paymentError,
    };
  }
  if (typeof answer.status !== 'string') return { errorMessage: es.credits.paymentError };
  const lastError = answer.last_payment_error?.message;
  if (answer.status === 'requires_payment_method' && typeof lastError === 'string' && lastError) {
    return { errorMessage: lastError };
  }
  return { status: answer.status };
}
