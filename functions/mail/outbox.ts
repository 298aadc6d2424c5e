import { randomUUID } from 'node:crypto';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { OUTBOX_TYPE } from '../../shared/contract/queues.js';
import { db, getRecord, isConditionFailure, tableName } from '../platform/db.js';
import { beforeWrite, sdkOptions } from '../platform/deadline.js';
import type { Mail } from '../platform/mail.js';

/**
 * The mail outbox: every e-mail a state change promises (a signer's first link today, the
 * signing flow's mails next) is written as an OUTBOX item IN THE SAME TRANSACTION as that
 * change, so the promise and the change exist together or not at all. Sending happens
 * afterwards, by the outbox sender (outbox-sender.ts), fed through a queue with retries and a
 * dead-letter queue: in AWS the table's stream → EventBridge Pipe → SQS → the send-outbox
 * function; locally the stack's stream pipe and queue (local/outbox/).
 *
 *   OUTBOX#{id} / OUTBOX   one mail: status pending → sent | skipped, its rendered parts until
 *                          sent (removed then), what to record once it is sent (`after`),
 *                          attempts and the lease of the sender working on it.
 *
 * A mail that carries a signing or delivery link never holds its token: its parts hold a random
 * `link_marker` where the token goes, and the sender mints the token at send time
 * (link-tokens.ts), so neither the item nor the table's stream nor a backup holds one.
 */
export type OutboxStatus = 'pending' | 'sent' | 'skipped';

/**
 * What sending the mail makes true. `signing_link`: the signer's link (its `link_version`) went
 * out; only while the signer still holds that version (not signed, not revoked, not replaced
 * meanwhile), otherwise the mail is skipped: a link that no longer works is never sent.
 * `delivery_link`: a delivery link to the sealed PDF, whose lookup item the sender writes when
 * it mints the token; skipped once the order is cancelled. `refund_notice`: the customer was
 * told their money went back (the REFUND record's `mailed_at`).
 */
export type OutboxAfter =
  | { kind: 'signing_link'; signer_id: string; link_version: number }
  | {
      kind: 'delivery_link';
      order_id: string;
      /** Random; the token is minted from it, so it is no secret without the sender's key. */
      link_id: string;
      recipient: 'requester' | 'signer';
      expires_at: string;
      /** 'notarized': the link downloads the notary's notarized PDF; absent: the sealed one. */
      file?: 'notarized';
    }
  | { kind: 'refund_notice'; payment_intent_id: string }
  /** A payment's receipt (functions/receipts/): records the receipt's `mailed_at`. */
  | { kind: 'receipt'; receipt_id: string }
  /**
   * An invitation to an organisation (organizations/invite-member.ts): only while it is still
   * the address's pending invitation; the sender mints its token from `invite_id` and writes
   * the link's lookup item `INVITE#{hash}` (organizations/invitation-outbox.ts).
   */
  | { kind: 'invitation'; organization_id: string; email: string; invite_id: string }
  /** A notice about an order's signing (a rejection, later delivery): nothing to check. */
  | {
      kind: 'order_notice';
      order_id: string;
      notice:
        | 'signing_rejected'
        | 'signing_delivery'
        | 'signing_reminder'
        | 'seal_failed'
        /** A signer told that the customer cancelled the order (orders/cancel-by-customer.ts). */
        | 'order_cancelled'
        /** The customer told their order includes a service not delivered yet (a job). */
        | 'order_unavailable'
        /** The customer told the notary approved the order: it is complete (notary/decide.ts). */
        | 'notary_approved'
        /** The customer told the notary could not do the notarial service (notary/reject.ts). */
        | 'notary_rejected'
        /** The other side of an order's chat told of a first unread message (notary/chat.ts). */
        | 'chat_message';
    };

export interface OutboxRecord {
  id: string;
  status: OutboxStatus;
  to: string;
  subject?: string;
  html?: string;
  text?: string;
  /** Where the sender puts the link's token in `html` and `text` (mails that carry a link). */
  link_marker?: string;
  after: OutboxAfter;
  attempts: number;
  /** A sender holds the mail until then (epoch ms): two senders never send it twice. */
  lease_until?: number;
  /** After a failed send, no new try before then (epoch ms): the sender's backoff. */
  next_try_at?: number;
  created_at: string;
  sent_at?: string;
  skipped_reason?: string;
  /** The last failure's error name, for the operator. */
  last_error?: string;
  /** Sent and skipped mails go away after 90 days (the table's TTL attribute). */
  ttl?: number;
}

export const outboxKey = (id: string) => ({ pk: `OUTBOX#${id}`, sk: 'OUTBOX' });

const KEEP_DONE_SECONDS = 90 * 86_400;

/**
 * The transaction item that promises `mail`. A mail that carries a link has `linkMarker` where
 * its token goes (link-tokens.ts `newLinkMarker`), never the token.
 */
export function outboxPut(mail: Mail, after: OutboxAfter, now: Date, linkMarker?: string) {
  const record: OutboxRecord = {
    id: randomUUID(),
    status: 'pending',
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    ...(linkMarker ? { link_marker: linkMarker } : {}),
    after,
    attempts: 0,
    created_at: now.toISOString(),
  };
  return {
    Put: {
      TableName: tableName(),
      Item: { ...outboxKey(record.id), type: OUTBOX_TYPE, ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export const getOutbox = (id: string) => getRecord<OutboxRecord>(outboxKey(id));

/**
 * Takes the mail for one send: only a pending mail nobody holds (or whose holder's lease ran
 * out: it died mid-send). False when it is done or another sender holds it.
 */
export async function leaseOutbox(id: string, nowMs: number, leaseMs: number): Promise<boolean> {
  beforeWrite();
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: outboxKey(id),
        UpdateExpression: 'SET lease_until = :until, lease_by = :by, attempts = attempts + :one',
        // `lease_by`: the SDK's retry of a lease that had landed finds its own and goes on
        // (counting one attempt more) instead of waiting out a lease it holds itself.
        ConditionExpression:
          '#s = :pending AND (attribute_not_exists(lease_until) OR lease_until < :now OR lease_by = :by)',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':by': randomUUID(),
          ':until': nowMs + leaseMs,
          ':one': 1,
          ':pending': 'pending',
          ':now': nowMs,
        },
      }),
      sdkOptions(),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** The send failed: the lease is given back, and the next try waits until `nextTryAt`. */
export async function releaseOutbox(id: string, error: string, nextTryAt: number): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: outboxKey(id),
      UpdateExpression: 'SET last_error = :e, next_try_at = :next REMOVE lease_until',
      ConditionExpression: '#s = :pending',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: {
        ':e': error.slice(0, 200),
        ':next': nextTryAt,
        ':pending': 'pending',
      },
    }),
  );
}

const doneUpdate = (id: string, set: string, values: Record<string, unknown>, nowSec: number) => ({
  Update: {
    TableName: tableName(),
    Key: outboxKey(id),
    UpdateExpression: `SET ${set}, #ttl = :ttl REMOVE lease_until, next_try_at, html, #t, subject`,
    ConditionExpression: '#s = :pending',
    ExpressionAttributeNames: { '#s': 'status', '#t': 'text', '#ttl': 'ttl' },
    ExpressionAttributeValues: {
      ...values,
      ':ttl': nowSec + KEEP_DONE_SECONDS,
      ':pending': 'pending',
    },
  },
});

export type OutboxOutcome = { status: 'sent' } | { status: 'skipped'; reason: string };

type TransactItems = NonNullable<
  ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
>;

/**
 * Closes a pending mail: sent (SES accepted it) or skipped (never sent: it would be useless),
 * its parts removed (no longer needed). `alsoWrite` (what the send makes true) goes in the
 * same transaction; when its condition fails (what the mail was for changed meanwhile) the mail
 * is closed alone, since it went all the same. A mail already closed is left as it is.
 */
export async function closeOutbox(
  id: string,
  now: Date,
  outcome: OutboxOutcome,
  alsoWrite: TransactItems = [],
): Promise<void> {
  const values: Record<string, unknown> =
    outcome.status === 'sent'
      ? { ':st': 'sent', ':at': now.toISOString() }
      : { ':st': 'skipped', ':why': outcome.reason };
  const set =
    outcome.status === 'sent' ? '#s = :st, sent_at = :at' : '#s = :st, skipped_reason = :why';
  const close = doneUpdate(id, set, values, Math.floor(now.getTime() / 1000));
  try {
    await db().send(new TransactWriteCommand({ TransactItems: [close, ...alsoWrite] }));
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    if (alsoWrite.length > 0) await closeOutbox(id, now, outcome);
  }
}
