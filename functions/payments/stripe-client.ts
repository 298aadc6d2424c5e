import Stripe from 'stripe';
import { env, required } from '../platform/config.js';

let cached: { signature: string; client: Stripe } | undefined;

/**
 * The one Stripe client of this container. Where it connects is configuration
 * (STRIPE_API_HOST/PORT/PROTOCOL, unset = api.stripe.com): the local stack points it at the
 * emulator in local/stripe; no code here knows which one it talks to.
 */
export function stripe(): Stripe {
  const e = env();
  const key = required('STRIPE_SECRET_KEY');
  const signature = [key, e.STRIPE_API_HOST, e.STRIPE_API_PORT, e.STRIPE_API_PROTOCOL].join('|');
  if (cached?.signature !== signature) {
    cached = {
      signature,
      client: new Stripe(key, {
        ...(e.STRIPE_API_HOST ? { host: e.STRIPE_API_HOST } : {}),
        ...(e.STRIPE_API_PORT ? { port: e.STRIPE_API_PORT } : {}),
        ...(e.STRIPE_API_PROTOCOL ? { protocol: e.STRIPE_API_PROTOCOL } : {}),
        // Within the function's 10 s: two quick retries (the SDK adds an Idempotency-Key).
        maxNetworkRetries: 2,
        timeout: 6000,
        appInfo: { name: 'sello' },
      }),
    };
  }
  return cached.client;
}

/** Checks a webhook's `Stripe-Signature` over the raw body; throws when it does not match. */
export function verifiedEvent(rawBody: string, signature: string): Stripe.Event {
  return stripe().webhooks.constructEvent(rawBody, signature, required('STRIPE_WEBHOOK_SECRET'));
}

export const publishableKey = () => required('STRIPE_PUBLISHABLE_KEY');

/** Stripe ids of payment intents: `pi_` then letters and digits. */
export const isPaymentIntentId = (id: string) => /^pi_[A-Za-z0-9]{8,64}$/.test(id);

/** True when Stripe said the object does not exist (a 404 from the API). */
export const isMissing = (err: unknown) =>
  err instanceof Stripe.errors.StripeError && err.statusCode === 404;
