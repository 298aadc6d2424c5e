import { creditsEs } from '../../shared/messages/credits.es.js';
import { fmt } from '../../shared/messages/fmt.js';
import { reclaimGrant } from '../credits/ledger.js';
import { cancelPaidOrder } from '../orders/cancel.js';
import { orderPaymentOf } from '../orders/payment-metadata.js';
import { getPaymentMarker, madeNoOrder, noOrderMarkerPut } from '../orders/payment-records.js';
import { putIfNew } from '../orders/repo.js';
import { type Clock, epochSeconds, systemClock } from '../platform/clock.js';
import { logger } from '../platform/logger.js';
import { purchaseOf } from './purchase.js';
import { packageMarkerPut, putReversal, recordReversalDone } from './refund-repo.js';
import { stripe } from './stripe-client.js';

export interface Reversal {
  paymentIntentId: string;
  cause: 'refund' | 'dispute';
  eventId: string;
}

export interface ReversalOutcome {
  creditsReclaimed: number;
  cancelledOrderId: string | null;
}

/**
 * Money a card payment brought in went back (`charge.refunded`, full or partial, ours or made
 * in Stripe's dashboard) or is contested (`charge.dispute.created`): what the payment granted
 * is reversed, exactly once whatever the order and number of events.
 *
 * First the payment's marker is written as 'reversed' where nothing was decided yet, so a
 * `payment_intent.succeeded` handled later finds it and grants nothing (its transaction puts
 * the same marker, condition: new). Where the payment had already become something:
 *  - credits: the unspent rest of its lots is taken back (reclaimGrant, key `reclaim:{pi}`);
 *  - an order of its own: cancelled, its signing links revoked;
 *  - an automatic refund or a duplicate: nothing was granted, nothing to reverse.
 * Every step is idempotent, so a failure part-way (5xx, Stripe retries) finishes on replay.
 */
export async function reversePayment(
  r: Reversal,
  clock: Clock = systemClock,
): Promise<ReversalOutcome> {
  const client = await stripe();
  const pi = await client.paymentIntents.retrieve(r.paymentIntentId);
  const now = clock.now();
  await putReversal({
    payment_intent_id: pi.id,
    cause: r.cause,
    event_id: r.eventId,
    created_at: now.toISOString(),
  });
  const outcome: ReversalOutcome = { creditsReclaimed: 0, cancelledOrderId: null };

  const purchase = purchaseOf(pi);
  const order = purchase ? undefined : orderPaymentOf(pi);
  if (purchase) {
    await putIfNew(
      packageMarkerPut({
        payment_intent_id: pi.id,
        outcome: 'reversed',
        created_at: now.toISOString(),
      }),
    );
    const name = purchase.package_name || purchase.package_id;
    const { reclaimed } = await reclaimGrant(
      {
        ownerId: purchase.owner_id,
        paymentIntentId: pi.id,
        idempotencyKey: `reclaim:${pi.id}`,
        recordDebt: r.cause === 'dispute',
        description: fmt(
          r.cause === 'dispute'
            ? creditsEs.reclaimDisputeDescription
            : creditsEs.reclaimRefundDescription,
          { name },
        ),
      },
      () => epochSeconds(clock.now()),
    );
    outcome.creditsReclaimed = reclaimed;
  } else if (order) {
    const blocked = await putIfNew(noOrderMarkerPut(pi.id, 'reversed', now.toISOString()));
    const marker = blocked ? undefined : await getPaymentMarker(pi.id);
    if (marker && !madeNoOrder(marker)) {
      await cancelPaidOrder(
        marker.order_id,
        pi.id,
        r.cause === 'dispute' ? 'disputed' : 'refunded',
        now,
      );
      outcome.cancelledOrderId = marker.order_id;
    }
  }
  await recordReversalDone(
    pi.id,
    { credits_reclaimed: outcome.creditsReclaimed, order_id: outcome.cancelledOrderId },
    clock.now().toISOString(),
  );
  logger.warn('card payment reversed', {
    paymentIntent: pi.id,
    cause: r.cause,
    eventId: r.eventId,
    ...outcome,
  });
  return outcome;
}
