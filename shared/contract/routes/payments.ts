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
  handler: 'payments/create-package-intent',
  summary: 'Creates a card payment for a credit package at its catalogue price in a country',
  access: { table: 'read', secrets: ['STRIPE_SECRET_KEY'] },
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
    "Where one of the caller's payments stands; credits a succeeded payment not yet credited",
  access: { table: 'write', secrets: ['STRIPE_SECRET_KEY'] },
  response: payments.paymentStatusResponse,
});

export const stripeWebhook = route({
  id: 'stripeWebhook',
  method: 'POST',
  path: '/api/payments/webhook',
  auth: 'public',
  handler: 'payments/stripe-webhook',
  summary: 'Stripe events (signature-checked; the object is re-read from Stripe; idempotent)',
  // mail: a paid order's signing links go out from here.
  access: { table: 'write', mail: true, secrets: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] },
  rawBody: true,
  maxBodyBytes: 256 * 1024,
  response: payments.webhookResponse,
});
