import {
  BatchGetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { DocumentKind } from '../../shared/contract/documents.js';
import type { CheckoutForm, OrderStatus } from '../../shared/contract/orders.js';
import type { SelectedService } from '../../shared/contract/requests.js';
import type { ServiceCategory } from '../../shared/rules/services.js';
import type { SignatureType } from '../../shared/rules/signature-types.js';
import { db, getRecord, isConditionFailure, tableName, withoutKeys } from '../platform/db.js';
import { originalPendingKeys } from '../signing/original-keys.js';
import {
  nextReminderAt,
  REMINDER_INDEX,
  reminderKeys,
  reminderSortKey,
} from '../signing/reminders.js';

/**
 * Orders, their items, their signers and the records that keep payments exactly-once
 * (docs/drafts/orders-data-model.md). The only file that builds these keys:
 *
 *   ORDER#{id} / META              the order; gsi1 USER#{sub}#ORDERS / {created_at}#{id};
 *                                  gsi2 ORIGINALPENDING until its original is kept (signing/)
 *   ORDER#{id} / ITEM#{nn}         one line per service, prices as charged
 *   ORDERNO#{number} / ORDERNO     order-number guard: unique numbers, number → order id
 *   SIGNER#{signerId} / META       a signer of an order with the hash of its signing token
 *   ORDERPAY#{paymentIntentId} / ORDERPAY   what a card payment became (permanent): its order,
 *                                  or no order ever (refund_reason: its money goes back)
 *   CHECKOUT#{requestId} / PI#{paymentIntentId}  the checkout form and price a card payment
 *                                  was started with, read when it succeeds
 */
export type TransactItem = NonNullable<
  ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
>[number];

export type PaymentMix = 'full_credits' | 'mixed' | 'full_currency';

export interface OrderRecord {
  id: string;
  order_number: string;
  user_sub: string;
  title: string;
  status: OrderStatus;
  total_price: number;
  subtotal: number;
  tax: number;
  discounts: number;
  coupons: string[];
  credits_used: number;
  credits_discount_amount: number;
  payment_method_mix: PaymentMix;
  payment_method_label: string;
  product_label: string;
  delivery_options: boolean;
  signers_count: number;
  signer_ids: string[];
  item_count: number;
  country_id: string;
  currency_code: string;
  request_id: string;
  request_number: string;
  document_id: string;
  document_name: string;
  /** SHA-256 of the document's checked bytes when the order was paid (null: older orders). */
  document_sha256?: string | null;
  /** The original kept with the evidence (functions/signing/original.ts), once copied. */
  original_key?: string;
  original_content_type?: string;
  original_kind?: DocumentKind;
  original_sha256?: string;
  original_file_url: string | null;
  signed_file_url: string | null;
  notarized_file_url: string | null;
  payment_intent_id: string | null;
  /** The client's key of a credits payment, so a repeat answers this order. */
  credits_idempotency_key: string | null;
  /** Who the order is for, as typed at checkout (invoicing). */
  billing: Omit<CheckoutForm, 'title'>;
  /** Set when the order was cancelled because its card payment was refunded or disputed. */
  cancel_reason?: 'refunded' | 'disputed' | 'signer_rejected';
  cancelled_at?: string;
  /** Which signing flow its signers go through (from the electronic signature bought). */
  signature_type?: SignatureType;
  /** The notarial service's catalogue code ('sin_notario': none), null when none was bought. */
  notarial_code?: string | null;
  /** 'Firmar en orden', and the signer_index whose turn it is (null: all sign at once). */
  sign_in_order?: boolean;
  turn?: number | null;
  /** Signing progress (functions/signing/): signatures so far and where the order stands. */
  sign_count?: number;
  signing_stage?: 'signing' | 'sealing' | 'sealed' | 'delivered' | 'rejected';
  sealing_since?: string;
  /** Once sealed (functions/signing/seal-order.ts): the sealed PDF's key and hash, the code. */
  sealed_file_key?: string;
  sealed_sha256?: string;
  sealed_at?: string;
  verification_code?: string;
  completed_at?: string;
  /** The audit trail's position: its last event's seq and hash (functions/signing/audit-*.ts). */
  audit_seq?: number;
  audit_head?: string;
  created_at: string;
  updated_at: string;
}

export interface OrderLineRecord {
  order_id: string;
  line: number;
  service_id: string;
  service_name: string;
  service_category: ServiceCategory;
  service_description: string;
  quantity: number;
  unit_price_at_purchase: number;
  item_total: number;
}

export interface SignerRecord {
  id: string;
  order_id: string;
  request_id: string;
  owner_sub: string;
  signer_index: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  phone_country_code: string;
  id_number: string;
  estado_firma: string;
  url_firma: string | null;
  id_firma: string | null;
  /** sha256 hex of the signing token; the token itself exists only in the e-mail. */
  token_hash?: string;
  token_expires_at?: string;
  /** SES accepted the mail of the current token then; absent while the outbox still owes it. */
  link_sent_at?: string;
  /** The order was cancelled: this signer's link stopped working and none is issued again. */
  link_revoked_at?: string;
  /** Signing (functions/signing/): when the signer signed or rejected, and how they signed. */
  signed_at?: string;
  rejected_at?: string;
  signature_type?: SignatureType;
  last_opened_at?: string;
  /** 'Firmar en orden': no link yet; it is issued when the signer before signs. */
  turn_waiting?: boolean;
  /** Reminders (functions/signing/reminders.ts): the next one's due time, how many went. */
  reminder_due_at?: string;
  reminders_sent?: number;
  last_reminder_at?: string;
  updated_at: string;
}

/** What a card payment was started with: read back when the payment succeeds. */
export interface CheckoutRecord {
  request_id: string;
  payment_intent_id: string;
  user_sub: string;
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

const orderPk = (id: string) => `ORDER#${id}`;
const orderKey = (id: string) => ({ pk: orderPk(id), sk: 'META' });
const lineKey = (id: string, line: number) => ({
  pk: orderPk(id),
  sk: `ITEM#${String(line).padStart(2, '0')}`,
});
const historyPk = (sub: string) => `USER#${sub}#ORDERS`;
const numberKey = (orderNumber: string) => ({ pk: `ORDERNO#${orderNumber}`, sk: 'ORDERNO' });
const signerKey = (id: string) => ({ pk: `SIGNER#${id}`, sk: 'META' });
const payKey = (paymentIntentId: string) => ({
  pk: `ORDERPAY#${paymentIntentId}`,
  sk: 'ORDERPAY',
});
const checkoutKey = (requestId: string, paymentIntentId: string) => ({
  pk: `CHECKOUT#${requestId}`,
  sk: `PI#${paymentIntentId}`,
});

/** Ids arrive in paths: anything that is not a plausible id is simply not found. */
const plausibleId = (id: string) => /^[A-Za-z0-9_-]{1,64}$/.test(id);

// ——— the order transaction's elements ———

export function orderPut(order: OrderRecord): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...orderKey(order.id),
        gsi1pk: historyPk(order.user_sub),
        gsi1sk: `${order.created_at}#${order.id}`,
        // On the keep-originals job's list until its original is copied to evidence/.
        ...originalPendingKeys(order.created_at, order.id),
        type: 'Order',
        ...order,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Fails the transaction when the number is taken: the caller draws another one. */
export function orderNumberGuardPut(orderNumber: string, orderId: string): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...numberKey(orderNumber), type: 'OrderNumber', order_id: orderId },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export function orderLinePut(line: OrderLineRecord): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...lineKey(line.order_id, line.line), type: 'OrderItem', ...line },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export function signerPut(signer: SignerRecord): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...signerKey(signer.id),
        type: 'OrderSigner',
        ...signer,
        // The sparse reminder index (functions/signing/reminders.ts) while one is due.
        ...reminderKeys(signer.id, signer.reminder_due_at),
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
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...payKey(paymentIntentId),
        type: 'OrderPayment',
        payment_intent_id: paymentIntentId,
        order_id: orderId,
        created_at: now,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
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
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...payKey(paymentIntentId),
        type: 'OrderPayment',
        payment_intent_id: paymentIntentId,
        order_id: existingOrderId,
        ...(reason === 'already_paid' ? { duplicate: true } : {}),
        refund_reason: reason,
        created_at: now,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Puts one transaction element on its own (a decision without a refund: a reversal first). */
export async function putIfNew(item: TransactItem): Promise<boolean> {
  try {
    await db().send(new TransactWriteCommand({ TransactItems: [item] }));
    return true;
  } catch (err) {
    if ((err as { name?: string })?.name === 'TransactionCanceledException') return false;
    throw err;
  }
}

/** Which elements of a cancelled transaction failed their condition. */
export function failedConditions(err: unknown): boolean[] | undefined {
  const e = err as { name?: string; CancellationReasons?: { Code?: string }[] };
  if (e?.name !== 'TransactionCanceledException') return undefined;
  return (e.CancellationReasons ?? []).map((r) => r.Code === 'ConditionalCheckFailed');
}

export async function commitOrder(items: TransactItem[]): Promise<void> {
  await db().send(new TransactWriteCommand({ TransactItems: items }));
}

/**
 * Cancels ('Cancelado') the order a card payment made, because that payment was refunded or
 * disputed. True only for the caller that cancelled it.
 */
export async function cancelCardOrder(
  orderId: string,
  paymentIntentId: string,
  reason: 'refunded' | 'disputed',
  now: string,
): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: orderKey(orderId),
        UpdateExpression: 'SET #s = :c, cancel_reason = :r, cancelled_at = :now, updated_at = :now',
        ConditionExpression: 'attribute_exists(pk) AND payment_intent_id = :pi AND #s <> :c',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':c': 'cancelled',
          ':r': reason,
          ':now': now,
          ':pi': paymentIntentId,
        },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

// ——— reads ———

export async function getOrder(id: string): Promise<OrderRecord | undefined> {
  if (!plausibleId(id)) return undefined;
  return getRecord<OrderRecord>(orderKey(id));
}

/** One of the caller's orders; undefined for a missing one and for another user's alike. */
export async function getOwnedOrder(id: string, sub: string): Promise<OrderRecord | undefined> {
  const order = await getOrder(id);
  return order?.user_sub === sub ? order : undefined;
}

/** The order's lines and signers in one BatchGet (their keys are on the order). */
export async function getOrderParts(
  order: OrderRecord,
): Promise<{ lines: OrderLineRecord[]; signers: SignerRecord[] }> {
  let keys: Record<string, string>[] = [
    ...Array.from({ length: order.item_count }, (_, i) => lineKey(order.id, i + 1)),
    ...order.signer_ids.map(signerKey),
  ];
  const found: Record<string, unknown>[] = [];
  for (let attempt = 0; keys.length > 0; attempt++) {
    const res = await db().send(
      new BatchGetCommand({
        RequestItems: { [tableName()]: { Keys: keys, ConsistentRead: true } },
      }),
    );
    found.push(...(res.Responses?.[tableName()] ?? []));
    keys = (res.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Record<string, string>[];
    if (keys.length && attempt > 8) throw new Error('order parts: keys left unprocessed');
    if (keys.length) await new Promise((r) => setTimeout(r, 20 * 2 ** attempt));
  }
  const lines = found
    .filter((i) => String(i.pk).startsWith('ORDER#'))
    .map((i) => withoutKeys<OrderLineRecord>(i))
    .sort((a, b) => a.line - b.line);
  const signers = found
    .filter((i) => String(i.pk).startsWith('SIGNER#'))
    .map((i) => withoutKeys<SignerRecord>(i))
    .filter((s) => s.order_id === order.id)
    .sort((a, b) => a.signer_index - b.signer_index);
  return { lines, signers };
}

export type OrderSummaryRecord = Pick<
  OrderRecord,
  | 'id'
  | 'order_number'
  | 'title'
  | 'status'
  | 'total_price'
  | 'currency_code'
  | 'country_id'
  | 'document_name'
  | 'request_id'
  | 'request_number'
  | 'signers_count'
  | 'payment_method_mix'
  | 'payment_method_label'
  | 'credits_used'
  | 'created_at'
>;

/** The fields the history list reads (its ProjectionExpression); the orders bench reads the same. */
export const SUMMARY_FIELDS: (keyof OrderSummaryRecord)[] = [
  'id',
  'order_number',
  'title',
  'status',
  'total_price',
  'currency_code',
  'country_id',
  'document_name',
  'request_id',
  'request_number',
  'signers_count',
  'payment_method_mix',
  'payment_method_label',
  'credits_used',
  'created_at',
];

/**
 * The caller's orders, newest first, from `createdFrom` (ISO) on when given. Only the fields of
 * the list are read (ProjectionExpression), so hundreds of orders are one or two small pages.
 */
export async function listOrderSummaries(
  sub: string,
  createdFrom?: string,
): Promise<OrderSummaryRecord[]> {
  const names = Object.fromEntries(SUMMARY_FIELDS.map((f, i) => [`#p${i}`, f]));
  const out: OrderSummaryRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: createdFrom ? 'gsi1pk = :pk AND gsi1sk >= :from' : 'gsi1pk = :pk',
        ExpressionAttributeValues: {
          ':pk': historyPk(sub),
          ...(createdFrom ? { ':from': createdFrom } : {}),
        },
        ExpressionAttributeNames: names,
        ProjectionExpression: Object.keys(names).join(', '),
        ScanIndexForward: false,
        ExclusiveStartKey: start,
      }),
    );
    out.push(...((res.Items ?? []) as OrderSummaryRecord[]));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

/** Renames one of the caller's orders. */
export async function updateOrderTitle(
  id: string,
  sub: string,
  title: string,
  now: string,
): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: orderKey(id),
        UpdateExpression: 'SET title = :t, updated_at = :now',
        ConditionExpression: 'attribute_exists(pk) AND user_sub = :sub',
        ExpressionAttributeValues: { ':t': title, ':now': now, ':sub': sub },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

// ——— signers and their links ———

export async function getSigner(id: string): Promise<SignerRecord | undefined> {
  if (!plausibleId(id)) return undefined;
  return getRecord<SignerRecord>(signerKey(id));
}

/**
 * The outbox mailed this signer's link (functions/mail): recorded only while the signer still
 * holds that token and the link was not revoked. Part of the outbox's 'sent' transaction.
 */
export function linkSentUpdate(signerId: string, tokenHash: string, now: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: signerKey(signerId),
      UpdateExpression: 'SET link_sent_at = :now, updated_at = :now',
      ConditionExpression: 'token_hash = :h AND attribute_not_exists(link_revoked_at)',
      ExpressionAttributeValues: { ':h': tokenHash, ':now': now },
    },
  };
}

/**
 * A new token, whose mail was just accepted, for a signer of this order who has not signed and
 * was issued one before; the old token stops working at once. False when any of that does not
 * hold.
 */
export async function replaceToken(
  signerId: string,
  orderId: string,
  tokenHash: string,
  expiresAt: string,
  now: string,
): Promise<boolean> {
  const due = nextReminderAt(expiresAt, 0) ?? expiresAt;
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: signerKey(signerId),
        // A new link restarts its reminders (functions/signing/reminders.ts).
        UpdateExpression:
          'SET token_hash = :h, token_expires_at = :exp, link_sent_at = :now, updated_at = :now, reminder_due_at = :due, reminders_sent = :zero, gsi1pk = :rpk, gsi1sk = :rsk',
        ConditionExpression:
          'order_id = :o AND attribute_exists(token_hash) AND attribute_not_exists(link_revoked_at) AND estado_firma <> :signed',
        ExpressionAttributeValues: {
          ':h': tokenHash,
          ':exp': expiresAt,
          ':now': now,
          ':o': orderId,
          ':signed': 'signed',
          ':due': due,
          ':zero': 0,
          ':rpk': REMINDER_INDEX,
          ':rsk': reminderSortKey(due, signerId),
        },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * The signer's link stops working for good (its order was cancelled): the token's hash and
 * expiry are removed, and `link_revoked_at` keeps any later claim or resend from issuing one.
 */
export async function revokeSignerLink(signerId: string, orderId: string, now: string) {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: signerKey(signerId),
        UpdateExpression:
          'SET link_revoked_at = if_not_exists(link_revoked_at, :now), updated_at = :now REMOVE token_hash, token_expires_at, reminder_due_at, gsi1pk, gsi1sk',
        ConditionExpression: 'order_id = :o',
        ExpressionAttributeValues: { ':o': orderId, ':now': now },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** The signing flow (and tests) move a signer's status, with the provider's URL and id. */
export async function setSignerStatus(
  signerId: string,
  status: string,
  now: string,
  provider: { url_firma?: string | null; id_firma?: string | null } = {},
): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: signerKey(signerId),
      UpdateExpression: 'SET estado_firma = :s, url_firma = :u, id_firma = :i, updated_at = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ':s': status,
        ':u': provider.url_firma ?? null,
        ':i': provider.id_firma ?? null,
        ':now': now,
      },
    }),
  );
}

// ——— checkout snapshots of card payments ———

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
