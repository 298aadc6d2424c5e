import type { StackInfo } from '../../local/stack.js';
import { eventsOf, type SentEvent } from './orders.js';

/**
 * Helpers of the refund and reversal tests: the Stripe emulator's test doors (a refund made in
 * Stripe's dashboard, a dispute, refunds that fail, delivering a recorded event now) and the
 * refund and reversal records read through the app's own repository (no key is built here).
 */
function pointAt(stack: StackInfo) {
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_DYNAMODB: stack.endpoints.dynamodb,
    TABLE_NAME: stack.tableName,
  });
}

async function door<T>(stack: StackInfo, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${stack.endpoints.stripe}/_emulator/${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`emulator ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A refund made by staff in Stripe's dashboard (all of it, or `amount` in Stripe's units). */
export const dashboardRefund = (stack: StackInfo, paymentIntent: string, amount?: number) =>
  door<{ id: string; amount: number }>(stack, 'refunds', {
    payment_intent: paymentIntent,
    ...(amount ? { amount } : {}),
  });

/** The cardholder disputes the payment with their bank. */
export const dispute = (stack: StackInfo, paymentIntent: string) =>
  door<{ id: string }>(stack, 'disputes', { payment_intent: paymentIntent });

/** The next `times` refunds of the intent fail with a 500 (0: they work again). */
export const failRefunds = (stack: StackInfo, paymentIntent: string, times: number) =>
  door(stack, 'fail-refunds', { payment_intent: paymentIntent, times });

/** Delivers a recorded event now (signed afresh), once; the webhook's HTTP status. */
export async function deliver(stack: StackInfo, event: Pick<SentEvent, 'id'>): Promise<number> {
  const { status } = await door<{ status: number | null }>(stack, 'deliver', { id: event.id });
  return status ?? 0;
}

/** The events of an intent (its own, its charge's, refunds' and disputes'), of one type. */
export async function eventsOfType(stack: StackInfo, paymentIntent: string, type: string) {
  return (await eventsOf(stack, paymentIntent)).filter((e) => e.type === type);
}

/** Waits until an event of this type exists for the intent (delivered or not). */
export async function eventOf(stack: StackInfo, paymentIntent: string, type: string) {
  for (let i = 0; i < 100; i++) {
    const [event] = await eventsOfType(stack, paymentIntent, type);
    if (event) return event;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no ${type} for ${paymentIntent}`);
}

export async function refundRecord(stack: StackInfo, paymentIntent: string) {
  pointAt(stack);
  const repo = await import('../../functions/payments/refund-repo.js');
  return repo.getRefund(paymentIntent);
}

export async function reversalRecord(stack: StackInfo, paymentIntent: string) {
  pointAt(stack);
  const repo = await import('../../functions/payments/refund-repo.js');
  return repo.getReversal(paymentIntent);
}

/** A country and a package price row there, written as admin tooling would. */
export async function sellIn(
  stack: StackInfo,
  country: { id: string; name: string; currency_code: string; is_active: boolean },
  price?: { package_id: string; price: number; currency_code?: string },
) {
  pointAt(stack);
  const countries = await import('../../functions/countries/repo.js');
  const catalog = await import('../../functions/catalog/repo.js');
  await countries.putCountry({
    ...country,
    code: country.id.toUpperCase(),
    dial_code: '+99',
    ai_analysis_available: false,
    ai_analysis_message: null,
  });
  if (price) {
    await catalog.putPackagePrice({
      package_id: price.package_id,
      country_id: country.id,
      price: price.price,
      currency_code: price.currency_code ?? country.currency_code,
      is_available: true,
      is_active: true,
    });
  }
}

/** Polls until `check` holds (state written by webhooks the emulator delivers on its own). */
export async function until<T>(read: () => Promise<T>, check: (v: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 150 && !check(value); i++) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}
