import type Stripe from 'stripe';
import { creditsEs } from '../../shared/messages/credits.es.js';
import { fmt } from '../../shared/messages/fmt.js';
import { packageCreditsExpiry } from '../../shared/rules/credits.js';
import { fromStripeAmount } from '../../shared/rules/currency.js';
import { grant } from '../credits/ledger.js';
import { type Clock, epochSeconds, systemClock } from '../platform/clock.js';
import { logger } from '../platform/logger.js';
import { purchaseOf } from './purchase.js';

export interface Fulfilment {
  credited: boolean;
  credits: number | null;
}

/**
 * Credits a succeeded credit-package payment to its owner's wallet. Safe to call any number of
 * times, from the webhook and from the status poll, in any order: the ledger records the grant
 * under the key `pi:{id}` in the same transaction, so only the first call changes anything.
 * Intents that have not succeeded, or are not package purchases, are left alone.
 */
export async function fulfil(
  pi: Stripe.PaymentIntent,
  clock: Clock = systemClock,
): Promise<Fulfilment> {
  const purchase = purchaseOf(pi);
  if (!purchase || pi.status !== 'succeeded') return { credited: false, credits: null };
  const now = () => epochSeconds(clock.now());
  const { replayed } = await grant(
    {
      ownerId: purchase.owner_id,
      type: 'purchase',
      amount: purchase.credits,
      expiresAt: packageCreditsExpiry(now()),
      description: fmt(creditsEs.purchaseDescription, {
        name: purchase.package_name || purchase.package_id,
      }),
      // Back in our minor units (Stripe wants cents even where we keep whole pesos, e.g. COP).
      currency_amount: fromStripeAmount(pi.amount_received || pi.amount, pi.currency),
      currency_code: pi.currency.toUpperCase(),
      related_entity_type: 'credit_package',
      related_entity_id: purchase.package_id,
      payment_intent_id: pi.id,
      idempotencyKey: `pi:${pi.id}`,
      permanentKey: true,
    },
    now,
  );
  if (!replayed)
    logger.info('credit package paid', { paymentIntent: pi.id, credits: purchase.credits });
  return { credited: true, credits: purchase.credits };
}
