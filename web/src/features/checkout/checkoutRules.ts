import type * as z from 'zod/mini';
import type { CheckoutForm, orderPaymentStatusResponse } from '../../../../shared/contract/orders';
import type { Profile } from '../../../../shared/contract/profile';
import type { Quote, SelectedService, SigningRequest } from '../../../../shared/contract/requests';
import { es, fmt } from '../../../../shared/messages.es';
import { parseRate, type Rate } from '../../../../shared/rules/credits';
import { formatCredits, formatMoney } from '../../../../shared/rules/currency';
import { creditsConversion } from '../../../../shared/rules/pricing';
import { signerServiceId, type TypedSigner } from '../../../../shared/rules/signer-types';
import { ApiError } from '../../lib/api';
import {
  POLL_INTERVAL_MS,
  POLL_TIMEOUT_MS,
  type PollOptions,
  pollPayment,
} from '../../lib/pollPayment';

/**
 * Pure rules of the checkout screen (customer-flows §2.7, §4.4, §5, §8): which request it shows,
 * what the form starts with, when paying with credits is possible, what a failure says, and
 * the wait for the order once a card payment went through. The server re-checks all of it and
 * alone decides the amount charged.
 */

/** The form as react-hook-form holds it: every field a string (company may stay empty). */
export type CheckoutFormValues = { [K in keyof CheckoutForm]: string };

export const CHECKOUT_FIELDS = [
  'title',
  'first_name',
  'last_name',
  'email',
  'phone',
  'company',
  'address',
  'city',
  'whatsapp',
  'billing_country_id',
  'region_province',
] as const satisfies readonly (keyof CheckoutFormValues)[];
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The request to pay: `?request=` first (links from the wizard and the cart), else the
 * wizard's in-progress request. Anything that is no plausible id counts as none.
 */
export function requestIdFrom(
  param: string | null,
  session: { requestId: string } | null,
): string | null {
  const fromUrl = param?.trim();
  if (fromUrl) return SAFE_ID.test(fromUrl) ? fromUrl : null;
  return session && SAFE_ID.test(session.requestId) ? session.requestId : null;
}

/** Why a loaded request cannot be paid here, if it cannot. */
export type RequestProblem = 'paid' | 'no-document' | 'incomplete';

export function requestProblem(request: SigningRequest): RequestProblem | null {
  if (request.status !== 'pending') return 'paid';
  if (!request.document_id) return 'no-document';
  const complete =
    Boolean(request.notarial_service_id) &&
    Boolean(request.signature_service_id) &&
    request.signers.length > 0 &&
    request.delivery_options !== null &&
    request.quote.items.length > 0;
  return complete ? null : 'incomplete';
}

/** "contrato.pdf" → "contrato": a sensible default project title. */
export function titleFromDocument(name: string | null | undefined): string {
  if (!name) return '';
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).trim();
}

/**
 * What the form starts with: the request's title (else its document's name), the profile's
 * personal and billing data, and the request's country as the billing country when the profile
 * has none.
 */
export function checkoutDefaults(
  profile: Profile | null | undefined,
  request: SigningRequest | null | undefined,
): CheckoutFormValues {
  return {
    title: request?.title?.trim() || titleFromDocument(request?.document_name),
    first_name: profile?.first_name ?? '',
    last_name: profile?.last_name ?? '',
    email: profile?.email ?? '',
    phone: profile?.phone ?? '',
    company: profile?.company ?? '',
    address: profile?.address ?? '',
    city: profile?.city ?? '',
    whatsapp: profile?.whatsapp ?? '',
    billing_country_id: profile?.billing_country_id ?? request?.country_id ?? '',
    region_province: profile?.region_province ?? '',
  };
}

/**
 * Data that arrives after the form was shown (the profile after a login in the modal, the
 * request after the profile) fills only the fields still empty: nothing typed is overwritten.
 */
export function fillEmptyFields(
  current: Partial<CheckoutFormValues>,
  defaults: CheckoutFormValues,
): Partial<CheckoutFormValues> {
  const fill: Partial<CheckoutFormValues> = {};
  for (const field of CHECKOUT_FIELDS) {
    const value = current[field];
    if ((value === undefined || value.trim() === '') && defaults[field]) {
      fill[field] = defaults[field];
    }
  }
  return fill;
}

/** The credits toggle (§5): off unless the balance covers the credits needed. */
export type CreditsOption =
  | { enabled: true }
  | { enabled: false; reason: 'loading' | 'insufficient' | 'unavailable' };

export function creditsOption(input: {
  signedIn: boolean;
  balance: number | undefined;
  creditsNeeded: number;
  total: number;
}): CreditsOption {
  // A price with no credit equivalent (no rate for the currency) cannot be paid in credits.
  if (input.total > 0 && input.creditsNeeded <= 0) return { enabled: false, reason: 'unavailable' };
  // Visitors may tick it: paying asks them to log in first, and the server decides anyway.
  if (!input.signedIn) return { enabled: true };
  if (input.balance === undefined) return { enabled: false, reason: 'loading' };
  return input.balance >= input.creditsNeeded
    ? { enabled: true }
    : { enabled: false, reason: 'insufficient' };
}

/** "$ 5.000 × 3 firmantes" under a per-signer service; flat services say so. */
export function serviceNote(item: SelectedService, currencyCode: string): string {
  if (item.pricing_model !== 'per_signer') return es.checkout.flatNote;
  const price = formatMoney(item.unit_price, currencyCode);
  return item.quantity === 1
    ? fmt(es.checkout.perSignerNoteOne, { price })
    : fmt(es.checkout.perSignerNote, { price, n: item.quantity });
}

/** "Con créditos: 5.047 créditos (2% de descuento)" under the total. */
/**
 * The conversion shown on the credits option: "20.000 CLP − 2% = 19.600 CLP = 196 créditos" and
 * "1 crédito = 100 CLP". Computed by creditsConversion from the quote's own total and rate (the
 * rule and numbers the server charges by), never from a rate the browser knows; null when the
 * quote has no rate or nothing to pay.
 */
export function creditsConversionText(
  quote: Pick<Quote, 'total' | 'currency_code' | 'credits_per_unit'>,
): { conversion: string; creditValue: string } | null {
  if (!quote.credits_per_unit || quote.total <= 0) return null;
  let rate: Rate;
  try {
    rate = parseRate(quote.credits_per_unit);
  } catch {
    return null;
  }
  if (rate.num <= 0n) return null;
  const c = creditsConversion(quote.total, quote.currency_code, rate);
  const money = (n: number) => formatMoney(n, quote.currency_code);
  return {
    conversion: fmt(
      c.roundedUp ? es.checkout.creditsConversionRoundedUp : es.checkout.creditsConversion,
      { price: money(c.price), discounted: money(c.discounted), credits: formatCredits(c.credits) },
    ),
    creditValue: fmt(c.creditValueExact ? es.checkout.creditValue : es.checkout.creditValueApprox, {
      value: money(c.creditValue),
    }),
  };
}

export function creditsAlternative(creditsNeeded: number): string {
  return fmt(es.checkout.totalWithCredits, { credits: formatCredits(creditsNeeded) });
}

/**
 * The server's field messages for the form: the checkout routes name them `form.{field}`
 * (the form travels inside the body); the rest go to the form's alert, so none is lost.
 */
export function splitCheckoutErrors(err: unknown): {
  fields: Partial<Record<CheckoutField, string>>;
  other: string[];
} {
  const fields: Partial<Record<CheckoutField, string>> = {};
  const other: string[] = [];
  if (!(err instanceof ApiError)) return { fields, other };
  for (const [key, message] of Object.entries(err.fields)) {
    const name = key.startsWith('form.') ? key.slice('form.'.length) : key;
    if ((CHECKOUT_FIELDS as readonly string[]).includes(name)) {
      fields[name as CheckoutField] ??= message;
    } else {
      other.push(message);
    }
  }
  return { fields, other };
}

/** An answer from the API about this request (a 4xx with its Spanish message). */
function isClientError(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status >= 400 && err.status < 500;
}

/**
 * Starting a card payment failed (§8): the server's reason when it gave one (incomplete request,
 * already paid, form errors), else 'Error inesperado al procesar el pago'.
 */
export function cardStartErrorMessage(err: unknown): string {
  if (isClientError(err) && err.message) return err.message;
  return es.orders.paymentUnexpected;
}

/**
 * Paying with credits failed (§8): 'Créditos insuficientes' when the balance is short, the
 * server's reason for other refusals under 'Error al procesar el pago con créditos', and
 * 'Error inesperado al procesar el pago' when there was no usable answer.
 */
export function creditsErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.code === 'INSUFFICIENT_CREDITS') {
    return es.orders.insufficientCredits;
  }
  if (isClientError(err)) {
    return err.message && err.message !== es.orders.creditsPaymentError
      ? fmt(es.credits.errorDetail, { error: es.orders.creditsPaymentError, detail: err.message })
      : es.orders.creditsPaymentError;
  }
  return es.orders.paymentUnexpected;
}

/** One idempotency key per pay attempt (§5 "a double click debits once"): see lib/idempotency. */
export { keepKeyAfter } from '../../lib/idempotency';

type OrderPaymentStatus = z.output<typeof orderPaymentStatusResponse>;

export type OrderOutcome =
  | { kind: 'ordered'; orderId: string }
  | { kind: 'declined' }
  | { kind: 'refunded'; message: string }
  | { kind: 'timeout' };

export type WaitForOrderOptions = PollOptions;

export const ORDER_POLL_INTERVAL_MS = POLL_INTERVAL_MS;
export const ORDER_TIMEOUT_MS = POLL_TIMEOUT_MS;

/**
 * After the card was confirmed, reads the payment until the server has created the order (it
 * does so only once Stripe says the money was taken); see pollPayment.
 */
export async function waitForOrder(
  readStatus: (signal?: AbortSignal) => Promise<OrderPaymentStatus>,
  options: WaitForOrderOptions = {},
): Promise<OrderOutcome> {
  const outcome = await pollPayment(readStatus, (s) => s.order_id ?? undefined, options);
  return outcome.kind === 'done' ? { kind: 'ordered', orderId: outcome.result } : outcome;
}

/** Stripe statuses after a confirm that mean the money is (or is being) taken. */
export function isPaidStatus(status: string): boolean {
  return status === 'succeeded' || status === 'processing';
}

/**
 * The name of each signer's signature type, from the quote's lines (issue 23), when the
 * request mixes types; null when every signer signs with the same one (nothing to tell apart).
 */
export function signerTypeNames(
  request: Pick<SigningRequest, 'quote' | 'signature_service_id'>,
): ((signer: TypedSigner) => string) | null {
  const lines = request.quote.items.filter((i) => i.category === 'electronic_signature');
  if (lines.length < 2) return null;
  return (signer) =>
    lines.find((l) => l.service_id === signerServiceId(signer, request.signature_service_id))
      ?.name ?? '';
}
