import type Stripe from 'stripe';
import * as routes from '../../shared/contract/routes/payments.js';
import { creditsEs } from '../../shared/messages/credits.es.js';
import { fromStripeAmount } from '../../shared/rules/currency.js';
import { fulfilOrderEvent } from '../orders/fulfil.js';
import { orderPaymentOf } from '../orders/payment-metadata.js';
import { getOrder } from '../orders/repo.js';
import { epochSeconds, systemClock } from '../platform/clock.js';
import { AppError } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';
import { logger } from '../platform/logger.js';
import { countMetric, METRICS } from '../platform/metrics.js';
import {
  issueChargeRefundReceipt,
  issueOrderReceipt,
  issuePackageReceipt,
} from '../receipts/issue.js';
import { fulfil } from './fulfil.js';
import { eventHandled, getRefund, recordEvent } from './refund-repo.js';
import { reversePayment } from './reversal.js';
import { stripe, verifiedEvent } from './stripe-client.js';

const badSignature = () => new AppError('VALIDATION', creditsEs.webhookSignatureInvalid);

/** The payment intent an event is about, if any. */
function intentOf(event: Stripe.Event): string | null {
  const object = event.data.object as { id?: unknown; payment_intent?: unknown };
  if (event.type.startsWith('payment_intent.')) {
    return typeof object.id === 'string' ? object.id : null;
  }
  const pi = object.payment_intent;
  if (typeof pi === 'string') return pi;
  return pi && typeof pi === 'object' && typeof (pi as { id?: unknown }).id === 'string'
    ? (pi as { id: string }).id
    : null;
}

/** A payment_intent.* event: the intent is read again from Stripe and fulfilled if it succeeded. */
async function onIntentEvent(event: Stripe.Event, id: string) {
  const client = await stripe();
  const pi = await client.paymentIntents.retrieve(id);
  // An order payment makes its order (and signing links); a package payment credits.
  const orderId = orderPaymentOf(pi) ? await fulfilOrderEvent(pi) : undefined;
  const done = orderId === undefined ? await fulfil(pi) : { credited: false };
  // A package payment refunded instead of credited: a pending refund is retried by Stripe.
  if ('refund' in done && done.refund?.status === 'pending') {
    throw new Error(`refund of ${pi.id} still pending`);
  }
  // Its receipt, once (issue 21): a failure answers 5xx and Stripe's retry issues it.
  const order = orderId ? await getOrder(orderId) : undefined;
  if (order?.payment_intent_id === pi.id) await issueOrderReceipt(order);
  else if (done.credited) await issuePackageReceipt(pi);
  logger.info('stripe event', {
    eventId: event.id,
    type: event.type,
    status: pi.status,
    credited: done.credited,
    ...(orderId ? { orderId } : {}),
  });
}

/**
 * Whether a charge.refunded reports only our own partial refund (REFUND# partial, and no more
 * refunded than its amount): a refund of the rest (Stripe's dashboard) is a reversal as ever.
 */
async function ownPartialRefund(event: Stripe.Event, id: string): Promise<boolean> {
  const charge = event.data.object as { amount_refunded?: number };
  const record = await getRefund(id);
  if (!record?.partial || !charge.amount_refunded) return false;
  return fromStripeAmount(charge.amount_refunded, record.currency_code) <= record.amount;
}

/** Money taken back: charge.refunded (any amount) or charge.dispute.created. */
async function onReversal(event: Stripe.Event, id: string, cause: 'refund' | 'dispute') {
  const ours = cause === 'refund' ? await ownPartialRefund(event, id) : false;
  if (cause === 'refund') {
    const charge = event.data.object as { amount_refunded?: number };
    if (!charge.amount_refunded) return;
  }
  try {
    // Our own partial refund (a notary's rejection) gives back a part: the order stands.
    if (!ours) await reversePayment({ paymentIntentId: id, cause, eventId: event.id });
  } catch (err) {
    countMetric(METRICS.reversalFailed);
    logger.error('payment reversal failed', { eventId: event.id, paymentIntent: id });
    throw err;
  }
  if (cause === 'refund') {
    // The refund's receipt (one per payment, whoever refunded: ours or Stripe's dashboard).
    const charge = event.data.object as { amount_refunded?: number };
    const pi = await (await stripe()).paymentIntents.retrieve(id);
    await issueChargeRefundReceipt(pi, charge.amount_refunded ?? 0);
  }
}

/**
 * Stripe's events. The signature is checked over the raw body. A payment_intent event is then
 * only a hint: the intent is read again from Stripe and credited (or made into its order) if it
 * has succeeded. A refund or a dispute, signed by Stripe, is a fact: what that payment granted
 * is reversed (payments/reversal.ts). Whatever arrives, in whatever order and however often,
 * nothing changes twice: each effect is idempotent, and an event handled to the end is
 * recorded (STRIPEEVT#{id}) so its replays stop at the door. A failure answers 5xx and Stripe
 * delivers the event again.
 */
export const handler = httpRoute(routes.stripeWebhook, async ({ rawBody, headers }) => {
  const signature = headers['stripe-signature'];
  if (!signature) throw badSignature();
  let event: Stripe.Event;
  try {
    event = await verifiedEvent(rawBody, signature);
  } catch {
    throw badSignature();
  }
  if (await eventHandled(event.id)) return { received: true as const };
  const pi = intentOf(event);
  if (pi && event.type.startsWith('payment_intent.')) await onIntentEvent(event, pi);
  else if (pi && event.type === 'charge.refunded') await onReversal(event, pi, 'refund');
  else if (pi && event.type === 'charge.dispute.created') await onReversal(event, pi, 'dispute');
  await recordEvent(
    { id: event.id, type: event.type, payment_intent_id: pi },
    epochSeconds(systemClock.now()),
  );
  return { received: true as const };
});
