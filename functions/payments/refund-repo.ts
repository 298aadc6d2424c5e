import { randomUUID } from 'node:crypto';
import {
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '../orders/keys.js';
import { db, getRecord, isConditionFailure, tableName, withoutKeys } from '../platform/db.js';

/**
 * The records that keep money going back exactly once (docs/data-model.md, "Refunds and
 * reversals"). The only file that builds these keys:
 *
 *   REFUND#{pi} / REFUND      a refund Sello owes or made for a card payment that could not
 *                             become an order or credits; gsi1 REFUNDS#OPEN / {created_at}#{pi}
 *                             while the refund or its e-mail is still owed (the sweep's list)
 *   PKGPAY#{pi} / PKGPAY      what a package payment became: credited, refund or reversed
 *                             (written once: the grant and the refund decision race on it)
 *   REVERSAL#{pi} / REVERSAL  money taken back by the card (charge.refunded or
 *                             charge.dispute.created) and what was reversed for it
 *   STRIPEEVT#{id} / EVENT    a Stripe event handled to the end (a replay changes nothing)
 */

export type RefundKind = 'order' | 'credit_package';

/** Why money is given back automatically. */
export type RefundReason =
  | 'request_changed'
  | 'request_gone'
  | 'document_gone'
  | 'already_paid'
  | 'package_unavailable'
  /** A signer refused to sign: the order is cancelled and paid back (functions/signing/). */
  | 'signer_rejected'
  | 'seal_failed'
  /** The customer cancelled the order (functions/orders/cancel-by-customer.ts). */
  | 'customer_cancelled'
  /** ... because it included a service not delivered yet: refunded whole. */
  | 'unavailable'
  /** The notary rejected the notarial service: its part is given back (functions/notary/). */
  | 'notary_rejected';

export interface RefundRecord {
  payment_intent_id: string;
  kind: RefundKind;
  reason: RefundReason;
  user_sub: string;
  /** What was bought, for the customer's e-mail: the request number or the package name. */
  label: string;
  /** What is given back, in our minor units, and its currency: what was charged, unless partial. */
  amount: number;
  /**
   * Only `amount` of the payment goes back (a notary's rejection returns the notarial part):
   * Stripe is asked for that amount, and the charge.refunded it reports for it reverses nothing.
   */
  partial?: boolean;
  currency_code: string;
  status: 'pending' | 'succeeded';
  refund_id: string | null;
  attempts: number;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  refunded_at?: string;
  /** The customer's notice was written to the mail outbox then (it leaves the open list). */
  notice_queued_at?: string;
  /** SES accepted the notice then. */
  mailed_at?: string;
}

export type PackageOutcome = 'credited' | 'refund' | 'reversed';

export interface PackageMarker {
  payment_intent_id: string;
  outcome: PackageOutcome;
  reason?: RefundReason;
  created_at: string;
}

export interface ReversalRecord {
  payment_intent_id: string;
  /** What took the money back first: a refund (ours or the dashboard's) or a dispute. */
  cause: 'refund' | 'dispute';
  event_id: string;
  created_at: string;
  credits_reclaimed?: number;
  order_id?: string | null;
  completed_at?: string;
}

const OPEN = 'REFUNDS#OPEN';
const refundKey = (pi: string) => ({ pk: `REFUND#${pi}`, sk: 'REFUND' });
const packageKey = (pi: string) => ({ pk: `PKGPAY#${pi}`, sk: 'PKGPAY' });
const reversalKey = (pi: string) => ({ pk: `REVERSAL#${pi}`, sk: 'REVERSAL' });
const eventKey = (id: string) => ({ pk: `STRIPEEVT#${id}`, sk: 'EVENT' });

/** Event records are kept 90 days: Stripe retries an event for 3 days at most. */
const EVENT_TTL_SECONDS = 90 * 86_400;

// ——— refunds ———

/** The new refund, as an element of the transaction that decides it (condition: new). */
export function refundPut(r: RefundRecord): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...refundKey(r.payment_intent_id),
        gsi1pk: OPEN,
        gsi1sk: `${r.created_at}#${r.payment_intent_id}`,
        type: 'Refund',
        ...r,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export const getRefund = (pi: string) => getRecord<RefundRecord>(refundKey(pi));

/** A refund call failed: counted, with the error's code, for the sweep and the logs. */
export async function recordRefundFailure(pi: string, error: string, now: string) {
  await db()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: refundKey(pi),
        UpdateExpression: 'SET attempts = attempts + :one, last_error = :e, updated_at = :now',
        ConditionExpression: '#s = :pending',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':one': 1, ':e': error, ':now': now, ':pending': 'pending' },
      }),
    )
    .catch((err: unknown) => {
      if (!isConditionFailure(err)) throw err;
    });
}

/** Stripe refunded it: true only for the caller that moved it from pending (mails once). */
export async function recordRefunded(pi: string, refundId: string | null, now: string) {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: refundKey(pi),
        UpdateExpression:
          'SET #s = :done, refund_id = :id, refunded_at = :now, updated_at = :now, refunded_by = :by, attempts = attempts + :one',
        // `refunded_by`: the SDK's retry of this record that had landed is still the first
        // (so the customer is told now, not by the next job run).
        ConditionExpression: '#s = :pending OR refunded_by = :by',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':by': randomUUID(),
          ':done': 'succeeded',
          ':pending': 'pending',
          ':id': refundId,
          ':now': now,
          ':one': 1,
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
 * The customer's notice, handed to the mail outbox in the same transaction (`outbox`), once
 * per refund: the refund leaves the open list, the outbox owns the mail from here. False when
 * another caller queued it (or it was mailed) first.
 */
export async function queueRefundNotice(pi: string, now: string, outbox: TransactItem) {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: refundKey(pi),
              UpdateExpression:
                'SET notice_queued_at = :now, updated_at = :now REMOVE gsi1pk, gsi1sk',
              ConditionExpression:
                '#s = :done AND attribute_not_exists(notice_queued_at) AND attribute_not_exists(mailed_at)',
              ExpressionAttributeNames: { '#s': 'status' },
              ExpressionAttributeValues: { ':now': now, ':done': 'succeeded' },
            },
          },
          outbox,
        ],
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** The outbox sent the notice: part of its 'sent' transaction. */
export function refundMailedUpdate(pi: string, now: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: refundKey(pi),
      UpdateExpression: 'SET mailed_at = :now, updated_at = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': now },
    },
  };
}

/** No notice can be sent (no address on file): the refund leaves the open list. */
export async function recordRefundMailed(pi: string, now: string) {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: refundKey(pi),
      UpdateExpression: 'SET mailed_at = :now, updated_at = :now REMOVE gsi1pk, gsi1sk',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': now },
    }),
  );
}

/** Refunds still owed (or whose e-mail is), oldest first. */
export async function listOpenRefunds(): Promise<RefundRecord[]> {
  const out: RefundRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': OPEN },
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(res.Items ?? []).map((i) => withoutKeys<RefundRecord>(i)));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

// ——— what a package payment became ———

export function packageMarkerPut(m: PackageMarker): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...packageKey(m.payment_intent_id), type: 'PackagePayment', ...m },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export const getPackageMarker = (pi: string) => getRecord<PackageMarker>(packageKey(pi));

// ——— reversals ———

/** The first event that took this payment's money back; false when one was recorded before. */
export async function putReversal(r: ReversalRecord): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...reversalKey(r.payment_intent_id), type: 'PaymentReversal', ...r },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

export const getReversal = (pi: string) => getRecord<ReversalRecord>(reversalKey(pi));

export async function recordReversalDone(
  pi: string,
  done: { credits_reclaimed: number; order_id: string | null },
  now: string,
) {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: reversalKey(pi),
      UpdateExpression: 'SET credits_reclaimed = :c, order_id = :o, completed_at = :now',
      ExpressionAttributeValues: {
        ':c': done.credits_reclaimed,
        ':o': done.order_id,
        ':now': now,
      },
    }),
  );
}

// ——— events ———

export async function eventHandled(id: string): Promise<boolean> {
  return (await getRecord(eventKey(id))) !== undefined;
}

export async function recordEvent(
  e: { id: string; type: string; payment_intent_id: string | null },
  nowEpoch: number,
) {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...eventKey(e.id),
        type: 'StripeEvent',
        event_id: e.id,
        event_type: e.type,
        payment_intent_id: e.payment_intent_id,
        processed_at: new Date(nowEpoch * 1000).toISOString(),
        ttl: nowEpoch + EVENT_TTL_SECONDS,
      },
    }),
  );
}
