import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SignatureType } from '../../shared/rules/signature-types.js';
import { db, getRecord, isConditionFailure, tableName } from '../platform/db.js';
import {
  nextReminderAt,
  REMINDER_INDEX,
  reminderKeys,
  reminderSortKey,
} from '../signing/reminders.js';
import { plausibleId, signerKey, type TransactItem } from './keys.js';

/**
 * The signers of an order (SIGNER#{id} / META, keys.ts): the record, its element of the order
 * transaction, and what happens to it after: its link sent, replaced or revoked, its status.
 */
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
