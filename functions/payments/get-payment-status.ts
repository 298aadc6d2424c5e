import type Stripe from 'stripe';
import { type PaymentStatus, paymentStatusResponse } from '../../shared/contract/payments.js';
import * as routes from '../../shared/contract/routes/payments.js';
import { creditsEs } from '../../shared/messages/credits.es.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { AppError, notFound } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';
import { issuePackageReceipt, issueQuietly } from '../receipts/issue.js';
import { fulfil } from './fulfil.js';
import { purchaseOf } from './purchase.js';
import { isMissing, isPaymentIntentId, stripe } from './stripe-client.js';

const known = new Set<string>(paymentStatusResponse.shape.status.options);

/** Stripe's status in our five: a confirm still owed counts as awaiting a card. */
const statusOf = (s: Stripe.PaymentIntent.Status): PaymentStatus['status'] => {
  if (s === 'requires_capture') return 'processing';
  return known.has(s) ? (s as PaymentStatus['status']) : 'requires_payment_method';
};

/**
 * Where one of the caller's package payments stands, read from Stripe itself. A succeeded
 * payment is credited here too (idempotently), so a lost or late webhook never loses credits.
 * Someone else's payment, or an unknown id, is a 404 alike; a payment refunded instead of
 * credited is a 409 that says so.
 */
export const handler = httpRoute(routes.getPaymentStatus, async ({ caller, params }) => {
  const { sub } = mustBeCaller(caller);
  const id = params.id ?? '';
  if (!isPaymentIntentId(id)) throw notFound(creditsEs.paymentNotFound);
  const client = await stripe();
  const pi = await client.paymentIntents.retrieve(id).catch((err: unknown) => {
    throw isMissing(err) ? notFound(creditsEs.paymentNotFound) : err;
  });
  if (purchaseOf(pi)?.user_sub !== sub) throw notFound(creditsEs.paymentNotFound);
  const { credited, credits, refunded } = await fulfil(pi);
  // Not credited and never will be (refunded): the browser must not wait on.
  if (refunded) throw new AppError('CONFLICT', creditsEs.paymentRefunded);
  // Credited here first (a late webhook): its receipt too; the webhook issues it otherwise.
  if (credited) await issueQuietly('credit package', () => issuePackageReceipt(pi));
  return { payment_intent_id: pi.id, status: statusOf(pi.status), credited, credits };
});
