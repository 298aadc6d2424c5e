import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CheckoutForm } from '../../shared/contract/orders.js';
import type { SelectedService } from '../../shared/contract/requests.js';
import { db, getRecord, tableName } from '../platform/db.js';
import { checkoutKey, payKey, type TransactItem } from './keys.js';

/**
 * What keeps card payments exactly-once (keys.ts): the ORDERPAY marker of what a payment
 * became (its order, or no order ever), and the CHECKOUT snapshot a payment was started with.
 */
/** What a card payment was started with: read back when the payment succeeds. */
export interface CheckoutRecord {
  request_id: string;
  payment_intent_id: string;
  user_sub: string;
  /** The organisation the payment was started for (null or absent: Personal). */
  organization_id?: string | null;
  form: CheckoutForm;
  /** The e-mail of the account (the customer's CRM contact). */
  customer_email: string;
  /** Fingerprint of what is bought (document, services, signers, delivery, country). */
  fingerprint: string;
  items: SelectedService[];
  total: number;
  currency_code: string;
  created_at: string;
}

/**
 * The one record of what a card payment decided (an order, or none and why), written once:
 * whichever decision comes first wins, a second one fails on the condition.
 */
function markerPut(
  paymentIntentId: string,
  now: string,
  fields: Pick<PaymentMarker, 'order_id' | 'duplicate' | 'refund_reason'>,
): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...payKey(paymentIntentId),
        type: 'OrderPayment',
        payment_intent_id: paymentIntentId,
        ...fields,
        created_at: now,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Records that a card payment made an order; a second attempt for the same payment fails here. */
export function paymentMarkerPut(
  paymentIntentId: string,
  orderId: string,
  now: string,
): TransactItem {
  return markerPut(paymentIntentId, now, { order_id: orderId });
}

export interface PaymentMarker {
  payment_intent_id: string;
  /** The order this payment made; for a duplicate, the order another payment made ('' none). */
  order_id: string;
  /** The request had already been paid by another payment: this one needs a refund. */
  duplicate?: boolean;
  /**
   * Set when this payment made no order and never will: its money goes back (automatic refund:
   * request_changed, request_gone, document_gone, already_paid) or went back first (reversed).
   */
  refund_reason?: string;
}

export async function getPaymentMarker(
  paymentIntentId: string,
): Promise<PaymentMarker | undefined> {
  return getRecord<PaymentMarker>(payKey(paymentIntentId));
}

/** True when the payment made no order of its own (its money is or was given back). */
export const madeNoOrder = (m: PaymentMarker) => m.duplicate === true || !!m.refund_reason;

/**
 * Records that a card payment will never make an order (condition: nothing was recorded for
 * it yet, neither an order nor another decision). Goes in one transaction with its refund.
 */
export function noOrderMarkerPut(
  paymentIntentId: string,
  reason: string,
  now: string,
  existingOrderId = '',
): TransactItem {
  return markerPut(paymentIntentId, now, {
    order_id: existingOrderId,
    ...(reason === 'already_paid' ? { duplicate: true } : {}),
    refund_reason: reason,
  });
}

export async function putCheckout(c: CheckoutRecord): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...checkoutKey(c.request_id, c.payment_intent_id), type: 'Checkout', ...c },
    }),
  );
}

export async function getCheckout(
  requestId: string,
  paymentIntentId: string,
): Promise<CheckoutRecord | undefined> {
  return getRecord<CheckoutRecord>(checkoutKey(requestId, paymentIntentId));
}

/**
 * Deletes every checkout snapshot of a request (they hold the billing form as typed): the
 * account's deletion. The ORDERPAY markers, which hold no personal data, stay.
 */
export async function deleteCheckouts(requestId: string): Promise<void> {
  const { pk } = checkoutKey(requestId, '');
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) {
      await db().send(
        new DeleteCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk } }),
      );
    }
    start = res.LastEvaluatedKey;
  } while (start);
}
