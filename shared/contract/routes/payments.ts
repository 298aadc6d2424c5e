import * as payments from '../payments.js';
import { route } from '../route-def.js';

/**
 * Routes of the payments domain (the whole table is ../routes.ts). Handlers import their
 * route from here, so a Lambda bundles only its own domain's schemas.
 */

export const createPackagePaymentIntent = route({
  id: 'createPackagePaymentIntent',
  method: 'POST',
  path: '/api/payments/credit-package-intent',
  auth: 'user',
  workContext: true,
  handler: 'payments/create-package-intent',
  summary:
    'Creates a card payment for a credit package at its price in an active country (limited per user per hour)',
  // write: the per-user hourly count of payment intents.
  access: { table: 'write', secrets: ['STRIPE_SECRET_KEY'] },
  request: payments.createPackageIntentRequest,
  response: payments.createPackageIntentResponse,
});

export const getPaymentStatus = route({
  id: 'getPaymentStatus',
  method: 'GET',
  path: '/api/payments/intents/{id}',
  auth: 'user',
  handler: 'payments/get-payment-status',
  summary:
    "Where one of the caller's payments stands; credits a succeeded payment not yet credited (or refunds one that cannot be)",
  // mail: a payment refunded here (its package went away) is told to the customer.
  access: { table: 'write', mail: true, secrets: ['STRIPE_SECRET_KEY'] },
  response: payments.paymentStatusResponse,
});

export const stripeWebhook = route({
  id: 'stripeWebhook',
  method: 'POST',
  path: '/api/payments/webhook',
  auth: 'public',
  handler: 'payments/stripe-webhook',
  summary:
    'Stripe events (signature-checked; payments re-read from Stripe; refunds and disputes reversed; each event handled once)',
  // mail: a paid order's signing links and automatic-refund notices go out from here.
  access: { table: 'write', mail: true, secrets: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] },
  rawBody: true,
  maxBodyBytes: 256 * 1024,
  // Stripe delivers in bursts (a backlog after an outage of ours, a batch of refunds): a 429
  // only makes it retry later, but a deep burst keeps payments from waiting hours.
  throttle: { rate: 10, burst: 100 },
  response: payments.webhookResponse,
});
