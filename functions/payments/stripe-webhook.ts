import type Stripe from 'stripe';
import * as routes from '../../shared/contract/routes/payments.js';
import { creditsEs } from '../../shared/messages/credits.es.js';
import { fulfilOrderEvent } from '../orders/fulfil.js';
import { orderPaymentOf } from '../orders/payment-metadata.js';
import { AppError } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';
import { logger } from '../platform/logger.js';
import { fulfil } from './fulfil.js';
import { stripe, verifiedEvent } from './stripe-client.js';

const badSignature = () => new AppError('VALIDATION', creditsEs.webhookSignatureInvalid);

/**
 * Stripe's events. The signature is checked over the raw body; the event is then only a hint:
 * the payment intent is read again from Stripe and credited if it has succeeded, so a forged,
 * stale, repeated or out-of-order event can never grant anything twice or wrongly. A failure
 * here answers 5xx and Stripe delivers the event again.
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
  if (event.type.startsWith('payment_intent.')) {
    const hint = event.data.object as { id?: unknown };
    if (typeof hint.id === 'string') {
      const client = await stripe();
      const pi = await client.paymentIntents.retrieve(hint.id);
      // An order payment makes its order (and signing links); a package payment credits.
      const orderId = orderPaymentOf(pi) ? await fulfilOrderEvent(pi) : undefined;
      const { credited } = orderId === undefined ? await fulfil(pi) : { credited: false };
      logger.info('stripe event', {
        eventId: event.id,
        type: event.type,
        status: pi.status,
        credited,
        ...(orderId ? { orderId } : {}),
      });
    }
  }
  return { received: true as const };
});
