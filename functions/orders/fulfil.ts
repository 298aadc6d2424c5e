import type Stripe from 'stripe';
import { toStripeAmount } from '../../shared/rules/currency.js';
import { decideRefund, settleRefundQuietly } from '../payments/refund.js';
import type { RefundReason, RefundRecord } from '../payments/refund-repo.js';
import { type Clock, systemClock } from '../platform/clock.js';
import { logger } from '../platform/logger.js';
import { getOwnedRequest } from '../requests/repo.js';
import { orderPaymentOf, payerOfPayment } from './payment-metadata.js';
import {
  getCheckout,
  getPaymentMarker,
  madeNoOrder,
  noOrderMarkerPut,
  paymentMarkerPut,
} from './payment-records.js';
import { commitOrder, failedConditions, getOrder, type OrderRecord } from './repo.js';
import { buildOrder, type NewOrder, orderWrites, requestFingerprint } from './service.js';

export type OrderFulfilment =
  /** Not an order payment, or not (yet) succeeded: nothing to do. */
  | { outcome: 'none' }
  /**
   * The order of this payment (made now or earlier). Its signers' link mails were written to
   * the outbox by the same transaction: they are durable once this is returned.
   */
  | { outcome: 'order'; order: OrderRecord }
  /**
   * Money was taken but no order can be made from it (the request changed or went away after
   * the payment started, or another payment had already paid it), or the payment was refunded
   * or disputed before its order was made: its money goes back (payments/refund.ts). `order`
   * is the request's existing order when another payment made one; `refund` where the refund
   * stands (undefined for a payment taken back by the card itself).
   */
  | { outcome: 'unmatched'; order?: OrderRecord; refund?: RefundRecord };

export interface FulfilDeps {
  clock: Clock;
}

const defaults: FulfilDeps = { clock: systemClock };
const MAX_ATTEMPTS = 6;

const pause = (attempt: number) =>
  new Promise((r) => setTimeout(r, Math.min(200, 10 * 2 ** attempt) * Math.random()));

const isRetryableRace = (err: unknown) => {
  const name = (err as { name?: string })?.name;
  return (
    name === 'TransactionConflictException' || name === 'ProvisionedThroughputExceededException'
  );
};

/**
 * Turns a succeeded card payment into its order. Called by the Stripe webhook and by the
 * browser's status poll, any number of times, in any order: one transaction writes the order,
 * its number, lines and signers, the request paid (at the version read), the document lock,
 * the CRM contacts and the marker `ORDERPAY#{pi}` (new), so exactly one order exists per
 * payment. The same transaction writes each signer's link mail to the outbox (first-links.ts),
 * so once the order exists its mails cannot be lost. A replay finds the marker and the order.
 *
 * Only `succeeded` counts: the spec's prototype saved orders before charging; here an order
 * exists only for money actually received.
 */
export async function fulfilOrderPayment(
  pi: Stripe.PaymentIntent,
  deps: FulfilDeps = defaults,
): Promise<OrderFulfilment> {
  const meta = orderPaymentOf(pi);
  if (!meta || pi.status !== 'succeeded') return { outcome: 'none' };
  const finish = async (order: OrderRecord): Promise<OrderFulfilment> => ({
    outcome: 'order',
    order,
  });

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const marker = await getPaymentMarker(pi.id);
    if (marker) {
      const order = marker.order_id ? await getOrder(marker.order_id) : undefined;
      if (madeNoOrder(marker)) {
        const refund = await settleRefundQuietly(pi.id, deps);
        return { outcome: 'unmatched', ...(order ? { order } : {}), ...(refund ? { refund } : {}) };
      }
      if (!order) throw new Error(`order ${marker.order_id} of a payment marker is missing`);
      return finish(order);
    }
    const now = deps.clock.now();
    /** No order from this payment, ever: its marker and its refund in one transaction. */
    const refund = (reason: RefundReason, existingOrderId = '') =>
      decideRefund(
        {
          pi,
          kind: 'order',
          reason,
          userSub: meta.user_sub,
          label: meta.request_number || meta.request_id,
          marker: noOrderMarkerPut(pi.id, reason, now.toISOString(), existingOrderId),
        },
        now,
      );
    // Decided here or by a concurrent caller: the next round reads the marker and settles.
    const req = await getOwnedRequest(meta.request_id, meta.user_sub);
    if (!req) {
      await refund('request_gone');
      continue;
    }
    if (req.status !== 'pending') {
      const existing = req.order_id ? await getOrder(req.order_id) : undefined;
      if (existing?.payment_intent_id === pi.id) return finish(existing);
      await refund('already_paid', req.order_id ?? '');
      continue;
    }
    const checkout = await getCheckout(req.id, pi.id);
    const matches =
      !!checkout &&
      checkout.user_sub === meta.user_sub &&
      (checkout.organization_id ?? '') === meta.organization_id &&
      checkout.currency_code === meta.currency_code &&
      checkout.total === meta.total &&
      pi.currency === checkout.currency_code.toLowerCase() &&
      pi.amount === toStripeAmount(checkout.total, checkout.currency_code) &&
      checkout.fingerprint === requestFingerprint(req);
    if (!checkout || !matches) {
      await refund('request_changed');
      continue;
    }
    const input: NewOrder = {
      req,
      form: checkout.form,
      customerEmail: checkout.customer_email,
      items: checkout.items,
      total: checkout.total,
      currencyCode: checkout.currency_code,
      payment: { kind: 'card', paymentIntentId: pi.id },
      payer: payerOfPayment(meta),
      now,
    };
    const built = buildOrder(input);
    const writes = orderWrites(built, req, input);
    try {
      await commitOrder([
        ...writes.items,
        paymentMarkerPut(pi.id, built.order.id, built.order.created_at),
      ]);
      logger.info('order paid by card', {
        orderId: built.order.id,
        paymentIntent: pi.id,
        requestId: req.id,
      });
      return finish(built.order);
    } catch (err) {
      const failed = failedConditions(err);
      if (!failed && !isRetryableRace(err)) throw err;
      if (failed?.[writes.at.document] && !failed[writes.at.request]) {
        await refund('document_gone');
        continue;
      }
      // Another caller made the order (marker), the request moved (re-read and check again)
      // or the order number was taken (draw another): the next round sorts it out.
      await pause(attempt);
    }
  }
  throw new Error(`order fulfilment of ${pi.id} gave up after repeated conflicts`);
}

/**
 * The webhook's entry. It answers 2xx only once every side effect is durable: the order and
 * its link mails are (one transaction); a refund Stripe did not make yet is not, so that makes
 * it fail and Stripe delivers the event again.
 */
export async function fulfilOrderEvent(pi: Stripe.PaymentIntent): Promise<string | null> {
  const result = await fulfilOrderPayment(pi);
  if (result.outcome === 'unmatched' && result.refund?.status === 'pending') {
    throw new Error(`refund of ${pi.id} still pending`);
  }
  return result.outcome === 'none' ? null : (result.order?.id ?? null);
}
