import { randomBytes, randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SEAL_RUN_TYPE } from '../../../shared/contract/queues.js';
import type { TransactItem } from '../../orders/keys.js';
import { db, isConditionFailure, queryAll, tableName } from '../../platform/db.js';

/**
 * Seal runs and the seal lease (docs/data-model.md patterns 91–94):
 *
 *   SEALRUN#{oid} / R#{n}   one run's message: its INSERT is what the pipe turns into a
 *                           seal-documents message (no function needs sqs:SendMessage, and the
 *                           first run exists exactly when the last signature does)
 *   ORDER#{oid} / META      seal_lease_until (epoch s), seal_attempts; gsi2 SEALING /
 *                           {sealing_since}#{oid} only while the order is sealing (the sweep)
 */
const RUN_TTL_SECONDS = 30 * 86_400;
export const SEAL_LEASE_SECONDS = 150;
/** An order sealing longer than this without a live lease gets a new run from the sweep. */
export const STUCK_AFTER_SECONDS = 15 * 60;
export const SEALING_INDEX = 'SEALING';

export function sealRunPut(orderId: string, n: number, reason: string, now: Date): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        pk: `SEALRUN#${orderId}`,
        sk: `R#${String(n).padStart(4, '0')}`,
        type: SEAL_RUN_TYPE,
        order_id: orderId,
        n,
        reason,
        created_at: now.toISOString(),
        ttl: Math.floor(now.getTime() / 1000) + RUN_TTL_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Takes the seal lease: only one run seals an order at a time; a dead run's lease lapses. */
export async function takeSealLease(orderId: string, nowEpoch: number): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `ORDER#${orderId}`, sk: 'META' },
        UpdateExpression:
          'SET seal_lease_until = :until, seal_lease_by = :by ADD seal_attempts :one',
        // `seal_lease_by`: the SDK's retry of a lease that had landed finds its own and seals
        // (counting one attempt more) instead of leaving the order to the next delivery.
        ConditionExpression:
          'signing_stage = :sealing AND (attribute_not_exists(seal_lease_until) OR seal_lease_until < :now OR seal_lease_by = :by)',
        ExpressionAttributeValues: {
          ':by': randomUUID(),
          ':until': nowEpoch + SEAL_LEASE_SECONDS,
          ':one': 1,
          ':sealing': 'sealing',
          ':now': nowEpoch,
        },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Gives the lease back after a failed run, so the next delivery need not wait it out. */
export async function releaseSealLease(orderId: string, error: string): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `ORDER#${orderId}`, sk: 'META' },
        UpdateExpression: 'SET seal_last_error = :e REMOVE seal_lease_until',
        ConditionExpression: 'signing_stage = :sealing',
        ExpressionAttributeValues: { ':e': error.slice(0, 200), ':sealing': 'sealing' },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** Orders sealing since before `olderThan` (ISO), oldest first (the sweep's list). */
export async function stuckSealing(olderThan: string): Promise<{ id: string; since: string }[]> {
  const items = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :p AND gsi2sk < :before',
    ExpressionAttributeValues: { ':p': SEALING_INDEX, ':before': `${olderThan}#` },
  });
  return items.map((item) => ({ id: String(item.id), since: String(item.sealing_since ?? '') }));
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A verification code: 10 Crockford base32 characters (50 random bits), shown XXXXX-XXXXX.
 * Random, derived from no token or id, so it reveals nothing and cannot be guessed from one.
 */
export function newVerificationCode(): string {
  const bytes = randomBytes(10);
  return Array.from(bytes, (b) => CROCKFORD[b & 31]).join('');
}

/** A code as people type it: case, dashes, spaces and look-alikes forgiven. */
export function normaliseVerificationCode(input: string): string | undefined {
  const clean = input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  return /^[0-9A-HJKMNP-TV-Z]{10}$/.test(clean) ? clean : undefined;
}

export const formatVerificationCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** The key of a sealed document's public verification record (pattern 97). */
export const verificationKey = (code: string) => ({ pk: `VERIFY#${code}`, sk: 'VERIFY' });

/** The public verification record of a normalised code, or undefined. */
export async function getVerification(code: string): Promise<Record<string, unknown> | undefined> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: verificationKey(code) }),
  );
  return res.Item;
}
