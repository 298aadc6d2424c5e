import type Stripe from 'stripe';
import * as z from 'zod/mini';
import type { Quote } from '../../shared/contract/requests.js';
import { orgOwner } from '../credits/keys.js';
import type { RequestItem } from '../requests/repo.js';
import { type OrderPayer, personalPayerOf } from './payer.js';

/**
 * What a card payment for an order carries in its metadata. Only the server writes metadata
 * (with the secret key), so it is the trusted record of which request, whose, and what total
 * the intent was made for. It holds nothing the browser typed: the checkout form goes to the
 * table (repo.ts CHECKOUT item), so two clicks with different titles still make the very same
 * Stripe call (and Stripe's idempotency key answers the same intent).
 */
const PURPOSE = 'order';

const metadataSchema = z.object({
  purpose: z.literal(PURPOSE),
  request_id: z.string().check(z.minLength(1)),
  request_number: z._default(z.string(), ''),
  user_sub: z.string().check(z.minLength(1)),
  /** The organisation the order is for ('' Personal): the context the payment was started in. */
  organization_id: z._default(z.string(), ''),
  total: z.pipe(z.string().check(z.regex(/^\d{1,12}$/)), z.transform(Number)),
  currency_code: z.string().check(z.regex(/^[A-Z]{3}$/)),
});
export type OrderPaymentMeta = z.output<typeof metadataSchema>;

export function orderPaymentMetadata(req: RequestItem, quote: Quote, payer: OrderPayer) {
  return {
    purpose: PURPOSE,
    request_id: req.id,
    request_number: req.request_number,
    user_sub: req.user_sub,
    organization_id: payer.organizationId ?? '',
    total: String(quote.total),
    currency_code: quote.currency_code,
  } satisfies z.input<typeof metadataSchema>;
}

/** Who pays the order of a payment's metadata: its organisation, or the customer. */
export function payerOfPayment(meta: OrderPaymentMeta): OrderPayer {
  return meta.organization_id
    ? { walletOwner: orgOwner(meta.organization_id), organizationId: meta.organization_id }
    : personalPayerOf(meta.user_sub);
}

/** The order payment an intent stands for, or undefined when it is about something else. */
export function orderPaymentOf(pi: Pick<Stripe.PaymentIntent, 'metadata'>) {
  const parsed = metadataSchema.safeParse(pi.metadata ?? {});
  return parsed.success ? parsed.data : undefined;
}
