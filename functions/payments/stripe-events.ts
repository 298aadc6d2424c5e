/**
 * The Stripe events the webhook (stripe-webhook.ts) acts on: the endpoint registered in Stripe
 * must send every one of them (README "Deploying to AWS"; test/infra/stripe-events.test.ts
 * keeps the README's list and the handler's branches in step with this one). Without the
 * refund and dispute events, money taken back in Stripe would leave credits and orders
 * standing.
 */
export const STRIPE_WEBHOOK_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.refunded',
  'charge.dispute.created',
] as const;
export type StripeWebhookEvent = (typeof STRIPE_WEBHOOK_EVENTS)[number];
