import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SignatureType } from '../../shared/rules/signature-types.js';
import { db, getRecord, isConditionFailure, tableName } from '../platform/db.js';
import {
  nextReminderAt,
  REMINDER_INDEX,
  reminderKeys,
  reminderSortKey,
} from '../signing/link/reminders.js';
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
  /**
   * sha256 hex of the signing token; the token itself exists only in the e-mail. Written by the
   * mail sender when it mints the token (first and in-order links), or by a resend.
   */
  token_hash?: string;
  /** The link issued (with `link_version`); removed once the signer acts or is revoked. */
  token_expires_at?: string;
  /**
   * Which link the signer holds: 1 for the first, one more per resend. The outbox mints the
   * token of (signer id, version) and a mail of an older version is never sent.
   */
  link_version?: number;
  /** SES accepted the mail of the current token then; absent while the outbox still owes it. */
  link_sent_at?: string;
  /** The order was cancelled: this signer's link stopped working and none is issued again. */
  link_revoked_at?: string;
  /**
   * Hashes of this signer's earlier links, newest first (at most REPLACED_KEPT): a resend or a
   * cancellation puts the hash it ends here, so the signing page can tell the holder of an old
   * mail that a newer link was sent, or that the order was cancelled (issue 21), instead of
   * "invalid". Hashes only, like token_hash: they open nothing.
   */
  replaced_token_hashes?: string[];
  /** Signing (functions/signing/): when the signer signed or rejected, and how they signed. */
  signed_at?: string;
  rejected_at?: string;
  signature_type?: SignatureType;
  last_opened_at?: string;
  /** 'Firmar en orden': no link yet; it is issued when the signer before signs. */
  turn_waiting?: boolean;
  /** Reminders (functions/signing/link/reminders.ts): the next one's due time, how many went. */
  reminder_due_at?: string;
  reminders_sent?: number;
  last_reminder_at?: string;
  updated_at: string;
}

/** How many replaced links a signer's item remembers (a resend is rate-limited anyway). */
export const REPLACED_KEPT = 5;

export function signerPut(signer: SignerRecord): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...signerKey(signer.id),
        type: 'OrderSigner',
        ...signer,
        // The sparse reminder index (functions/signing/link/reminders.ts) while one is due.
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
 * The outbox is about to mail version `version` of this signer's link: the hash of the token it
 * minted becomes the one that opens it. Only while the signer still holds that version and has
 * neither acted nor been revoked; false otherwise (the mail must not go). Writing the same hash
 * again (a retried send) changes nothing.
 */
export async function setMintedLink(
  signerId: string,
  version: number,
  tokenHash: string,
  now: string,
): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: signerKey(signerId),
        UpdateExpression: 'SET token_hash = :h, updated_at = :now',
        ConditionExpression:
          'link_version = :v AND attribute_exists(token_expires_at) AND attribute_not_exists(link_revoked_at)',
        ExpressionAttributeValues: { ':h': tokenHash, ':v': version, ':now': now },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * The outbox mailed this signer's link (functions/mail): recorded only while the signer still
 * holds that version and the link was not revoked. Part of the outbox's 'sent' transaction.
 */
export function linkSentUpdate(signerId: string, version: number, now: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: signerKey(signerId),
      UpdateExpression: 'SET link_sent_at = :now, updated_at = :now',
      ConditionExpression: 'link_version = :v AND attribute_not_exists(link_revoked_at)',
      ExpressionAttributeValues: { ':v': version, ':now': now },
    },
  };
}

/**
 * A new token, whose mail was just accepted, for a signer of this order who has not signed and
 * was issued one before; the old token stops working at once, and the link's version moves on
 * so a first-link mail still owed by the outbox is never sent. False when any of that does not
 * hold. `replaced`: the signer's earlier hashes as read, the ending one first.
 */
export async function replaceToken(
  signerId: string,
  orderId: string,
  tokenHash: string,
  expiresAt: string,
  now: string,
  replaced: string[] = [],
): Promise<boolean> {
  const due = nextReminderAt(expiresAt, 0) ?? expiresAt;
  const kept = replaced.filter((h) => h && h !== tokenHash).slice(0, REPLACED_KEPT);
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: signerKey(signerId),
        // A new link restarts its reminders (functions/signing/link/reminders.ts).
        UpdateExpression:
          'SET token_hash = :h, token_expires_at = :exp, link_version = if_not_exists(link_version, :zero) + :one, link_sent_at = :now, updated_at = :now, reminder_due_at = :due, reminders_sent = :zero, gsi1pk = :rpk, gsi1sk = :rsk, replaced_token_hashes = :old',
        // `token_expires_at`: a link was issued (its hash may still be on its way in the outbox).
        ConditionExpression:
          'order_id = :o AND attribute_exists(token_expires_at) AND attribute_not_exists(link_revoked_at) AND estado_firma <> :signed',
        ExpressionAttributeValues: {
          ':h': tokenHash,
          ':exp': expiresAt,
          ':now': now,
          ':o': orderId,
          ':signed': 'signed',
          ':due': due,
          ':zero': 0,
          ':one': 1,
          ':rpk': REMINDER_INDEX,
          ':rsk': reminderSortKey(due, signerId),
          ':old': kept,
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
