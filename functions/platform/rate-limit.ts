import { randomBytes } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Clock, epochSeconds, systemClock } from './clock.js';
import { db, isConditionFailure, tableName } from './db.js';
import { beforeWrite, sdkOptions } from './deadline.js';
import { tooManyRequests } from './errors.js';
import { logger } from './logger.js';
import { sha256 } from './secrets.js';

/**
 * A fixed-window counter in the table: `RATE#{scope}#{hash(key)}` / `W#{window}`. One atomic
 * UpdateItem per hit; the item expires by TTL. The key is hashed so no IP or e-mail is stored.
 * Each counted hit also adds its own random id to the item's `ids` set: the SDK retries a write
 * whose answer timed out although DynamoDB may have applied it, and the id lets that retry
 * recognise its own hit (neither counted twice nor refused as the one over the limit).
 */
/** The counter item of `key` in the window holding `now` (epoch seconds). */
export function rateWindowKey(scope: string, key: string, windowSeconds: number, now: number) {
  const window = Math.floor(now / windowSeconds);
  return { pk: `RATE#${scope}#${sha256(key)}`, sk: `W#${window}` };
}

/** The counter item one counted hit went to, and its id: `releaseRateHit` gives it back. */
export interface RateHit {
  pk: string;
  sk: string;
  id: string;
}

/**
 * Counts one hit, or throws a 429 when the window already holds `limit` hits. The increment is
 * conditional, so a refused hit is not counted: the counter never passes the limit, and every
 * unit in it belongs to a hit that was let through, which `releaseRateHit` can give back. Under
 * any number of parallel hits DynamoDB applies the condition item by item, so at most `limit`
 * pass per window.
 */
export async function hitRateLimit(
  scope: string,
  key: string,
  limit: number,
  windowSeconds: number,
  clock: Clock = systemClock,
  hitId?: string,
): Promise<RateHit> {
  const now = epochSeconds(clock.now());
  const window = Math.floor(now / windowSeconds);
  const item = rateWindowKey(scope, key, windowSeconds, now);
  // 72 random bits: unique among one window's hits, and short (the set grows to `limit` ids).
  // A caller's own id (an idempotency key's digest) makes its repeats one hit: a repeat finds
  // its id already held and counts as that hit.
  const id = hitId ?? randomBytes(9).toString('base64url');
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: item,
        UpdateExpression: 'ADD hits :one, ids :ids SET #ttl = :ttl',
        ConditionExpression:
          '(attribute_not_exists(hits) OR hits < :limit) AND NOT contains(ids, :id)',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':ids': new Set([id]),
          ':id': id,
          ':limit': limit,
          ':ttl': (window + 1) * windowSeconds + 60,
        },
      }),
      sdkOptions(),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    // Refused: over the limit, or this hit's own earlier try had landed (then it counts).
    if (!(await holdsHit(item, id))) throw tooManyRequests();
  }
  return { ...item, id };
}

/** Whether the current window of a limit is used up (a consistent read; counts nothing). */
export async function rateLimitReached(
  scope: string,
  key: string,
  limit: number,
  windowSeconds: number,
  clock: Clock = systemClock,
): Promise<boolean> {
  const item = rateWindowKey(scope, key, windowSeconds, epochSeconds(clock.now()));
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: item, ConsistentRead: true }),
    sdkOptions(),
  );
  return Number(res.Item?.hits ?? 0) >= limit;
}

/** Whether the counter item holds the hit with this id (a consistent read). */
async function holdsHit(item: { pk: string; sk: string }, id: string): Promise<boolean> {
  const res = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: item,
      ConsistentRead: true,
      ProjectionExpression: 'ids',
    }),
    sdkOptions(),
  );
  const ids = res.Item?.ids as Set<string> | undefined;
  return ids?.has(id) === true;
}

/**
 * Gives one counted hit back: for a limit on something that can fail after it was counted (a
 * mail SES did not accept), so only what really happened uses the allowance. Never below zero,
 * and in the hit's own window even if a new window started since. Best effort: when the table
 * cannot be written the hit stays counted (the limit errs on the safe side) and a warning is
 * logged.
 */
export async function releaseRateHit(hit: RateHit): Promise<void> {
  try {
    beforeWrite(); // past the request's deadline nothing is written: the hit stays counted
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: hit.pk, sk: hit.sk },
        // Only a hit still counted: its id leaves with it, so a retry takes nothing twice.
        UpdateExpression: 'ADD hits :minusOne DELETE ids :ids',
        ConditionExpression: 'hits > :zero AND contains(ids, :id)',
        ExpressionAttributeValues: {
          ':minusOne': -1,
          ':zero': 0,
          ':ids': new Set([hit.id]),
          ':id': hit.id,
        },
      }),
      sdkOptions(),
    );
  } catch (err) {
    if (isConditionFailure(err)) return;
    logger.warn('rate-limit hit not given back', { error: (err as Error).name });
  }
}
