import { BatchGetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentKind } from '../../shared/contract/documents.js';
import type { NotarizedAct, NotaryRejection } from '../../shared/contract/notarized.js';
import type { CheckoutForm, OrderStatus } from '../../shared/contract/orders.js';
import type { ServiceCategory } from '../../shared/rules/services.js';
import type { SignatureType } from '../../shared/rules/signature-types.js';
import {
  db,
  getRecord,
  isConditionFailure,
  queryAll,
  tableName,
  withoutKeys,
} from '../platform/db.js';
import { originalPendingKeys } from '../signing/sealing/original-keys.js';
import {
  historyPk,
  historyPkOf,
  lineKey,
  numberKey,
  orderKey,
  plausibleId,
  signerKey,
  type TransactItem,
} from './keys.js';
import type { SignerRecord } from './signer-records.js';

/**
 * Orders and their items (keys.ts has the key design): the order transaction's elements and
 * its commit, a card order's cancellation, the reads of an order and of the history, the title.
 */
export type PaymentMix = 'full_credits' | 'mixed' | 'full_currency';

export interface OrderRecord {
  id: string;
  order_number: string;
  /** The customer who placed it (in an organisation: the member). */
  user_sub: string;
  /**
   * Who paid it (orders/payer.ts): the organisation it belongs to (null or absent: Personal)
   * and the wallet its credits came from and go back to (absent on older orders: the user's).
   */
  organization_id?: string | null;
  wallet_owner?: string;
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
  /** The original kept with the evidence (functions/signing/sealing/original.ts), once copied. */
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
  /**
   * Why the order was cancelled: its card payment went back, a signer refused, the seal could
   * not be made, or the customer cancelled it (orders/cancel-by-customer.ts; 'unavailable': it
   * included a service not delivered yet).
   */
  cancel_reason?:
    | 'refunded'
    | 'disputed'
    | 'signer_rejected'
    | 'seal_failed'
    | 'customer_cancelled'
    | 'unavailable';
  cancelled_at?: string;
  /** The customer's cancellation gave back what was paid ('full') or nothing ('none'). */
  cancel_refund?: 'full' | 'none';
  /** The customer was told once that the order includes a service not delivered yet (a job). */
  unavailable_notice_at?: string;
  /** Which signing flow its signers go through (from the electronic signature bought). */
  /** The PDF an accredited provider signed (FEA), delivered beside the sealed evidence PDF. */
  fea_signed_key?: string;
  fea_signed_sha256?: string;
  signature_type?: SignatureType;
  /**
   * Every type its signers sign with (issue 23: a signer may have their own); absent on orders
   * made before it, whose signers all signed with `signature_type`.
   */
  signature_types?: SignatureType[];
  /** The notarial service's catalogue code ('sin_notario': none), null when none was bought. */
  notarial_code?: string | null;
  /** 'Firmar en orden', and the signer_index whose turn it is (null: all sign at once). */
  sign_in_order?: boolean;
  turn?: number | null;
  /** Signing progress (functions/signing/): signatures so far and where the order stands. */
  sign_count?: number;
  signing_stage?: 'signing' | 'sealing' | 'sealed' | 'delivered' | 'rejected' | 'seal_failed';
  sealing_since?: string;
  /** Once sealed (functions/signing/sealing/seal-order.ts): the sealed PDF's key and hash, the code. */
  sealed_file_key?: string;
  sealed_sha256?: string;
  sealed_at?: string;
  verification_code?: string;
  completed_at?: string;
  /**
   * The notarial side (functions/notary/): where a sealed order with a notarial service stands
   * ('unassigned': waiting for a notary; then the assignment's own status), its current
   * assignment and notary.
   */
  notarial_stage?:
    | 'unassigned'
    | 'assigned'
    | 'taken'
    | 'in_review'
    | 'approved'
    | 'notarized'
    | 'rejected';
  assignment_id?: string;
  notary_org_id?: string;
  /** Once notarized (functions/notary/notarize.ts): the notary's PDF, its hash and the act. */
  notarized_file_key?: string;
  notarized_sha256?: string;
  notarized_act?: NotarizedAct;
  /** Once a notary rejected the notarial service (functions/notary/reject.ts). */
  notary_rejection?: NotaryRejection;
  /** The audit trail's position: its last event's seq and hash (functions/signing/trail/audit-*.ts). */
  audit_seq?: number;
  audit_head?: string;
  /** The last audit event's time (audit-repo.ts): the next one is never stamped before it. */
  audit_at?: string;
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

// ——— the order transaction's elements ———

export function orderPut(order: OrderRecord): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...orderKey(order.id),
        gsi1pk: historyPkOf(order),
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

/**
 * An order the user placed, whatever context paid it: the checkout's own request became it.
 * Undefined for a missing one and for another user's alike. Routes that show or change an order
 * check the work context instead (access.ts getOrderFor).
 */
export async function getOrderPlacedBy(id: string, sub: string): Promise<OrderRecord | undefined> {
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
 * One history (access.ts historyOf): a customer's Personal orders, or an organisation's, of
 * one member only when `placedBy` is given (a filter on the same partition: a member's view).
 */
export interface OrderHistory {
  pk: string;
  placedBy?: string;
}

/** A customer's Personal history. */
export const personalHistory = (sub: string): OrderHistory => ({ pk: historyPk(sub) });

/**
 * The orders of a history, newest first, from `createdFrom` (ISO) on when given. Only the fields
 * of the list are read (ProjectionExpression), so hundreds of orders are one or two small pages.
 */
export async function listOrderSummaries(
  history: OrderHistory,
  createdFrom?: string,
): Promise<OrderSummaryRecord[]> {
  const names: Record<string, string> = Object.fromEntries(
    SUMMARY_FIELDS.map((f, i) => [`#p${i}`, f]),
  );
  const projection = Object.keys(names).join(', ');
  if (history.placedBy) names['#by'] = 'user_sub';
  return (await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: createdFrom ? 'gsi1pk = :pk AND gsi1sk >= :from' : 'gsi1pk = :pk',
    ...(history.placedBy ? { FilterExpression: '#by = :by' } : {}),
    ExpressionAttributeValues: {
      ':pk': history.pk,
      ...(createdFrom ? { ':from': createdFrom } : {}),
      ...(history.placedBy ? { ':by': history.placedBy } : {}),
    },
    ExpressionAttributeNames: names,
    ProjectionExpression: projection,
    ScanIndexForward: false,
  })) as OrderSummaryRecord[];
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

/**
 * The account's deletion (functions/account/): the order stays as evidence and for the ledger,
 * its owner's billing data replaced by a pseudonym. Only this field and the marker change: the
 * audit trail (EVT# items) and the sealed file are never touched, so the chain still verifies.
 */
export async function pseudonymiseOrderOwner(
  id: string,
  sub: string,
  billing: OrderRecord['billing'],
  now: string,
): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: orderKey(id),
        UpdateExpression:
          'SET billing = :b, owner_deleted_at = if_not_exists(owner_deleted_at, :now)',
        ConditionExpression: 'attribute_exists(pk) AND user_sub = :sub',
        ExpressionAttributeValues: { ':b': billing, ':now': now, ':sub': sub },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}
