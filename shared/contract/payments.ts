import * as z from 'zod/mini';
import { apiEs } from '../messages/api.es.js';
import { creditPackageSchema } from './credits.js';

/**
 * Card payments (credits-signing-admin §7: create-credit-payment-intent). The request names a
 * package and a country only: the amount comes from the catalogue price on the server.
 */
export const createPackageIntentRequest = z.strictObject({
  packageId: z
    .string({ error: apiEs.required })
    .check(z.trim(), z.minLength(1, { error: apiEs.required }), z.maxLength(64)),
  countryId: z
    .string({ error: apiEs.required })
    .check(z.trim(), z.minLength(1, { error: apiEs.required }), z.maxLength(16)),
});

export const createPackageIntentResponse = z.object({
  client_secret: z.string(),
  payment_intent_id: z.string(),
  package: creditPackageSchema,
  /** The Stripe publishable key the browser confirms with. */
  publishable_key: z.string(),
});

/** Where a purchase stands; `credited` only once the credits are in the wallet. */
export const paymentStatusResponse = z.object({
  payment_intent_id: z.string(),
  status: z.enum([
    'processing',
    'requires_payment_method',
    'requires_action',
    'succeeded',
    'canceled',
  ]),
  credited: z.boolean(),
  credits: z.nullable(z.int()),
});
export type PaymentStatus = z.infer<typeof paymentStatusResponse>;

export const webhookResponse = z.object({ received: z.literal(true) });
