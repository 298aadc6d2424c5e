import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Clock, epochSeconds, systemClock } from './clock.js';
import { db, isConditionFailure, tableName } from './db.js';
import { beforeWrite, sdkOptions } from './deadline.js';
import { tooManyRequests } from './errors.js';
import { logger } from './logger.js';
import { sha256 } from './secrets.js';

/**
 * A fixed-window counter in the table: `RATE#{scope}#{hash(key)}` / `W#{window}`. One atomic
 * UpdateItem per hit; the item expires by TTL. The key is hashed so no IP or e-mail is stored.
 */
/** The counter item of `key` in the window holding `now` (epoch seconds). */
export function rateWindowKey(scope: string, key: string, windowSeconds: number, now: number) {
  const window = Math.floor(now / windowSeconds);
  return { pk: `RATE#${scope}#${sha256(key)}`, sk: `W#${window}` };
}

/** The counter item one counted hit went to: `releaseRateHit` gives that hit back. */
export interface RateHit {
  pk: string;
  sk: string;
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
): Promise<RateHit> {
  const now = epochSeconds(clock.now());
  const window = Math.floor(now / windowSeconds);
  const item = rateWindowKey(scope, key, windowSeconds, now);
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: item,
        UpdateExpression: 'ADD hits :one SET #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':limit': limit,
          ':ttl': (window + 1) * windowSeconds + 60,
        },
      }),
      sdkOptions(),
    );
  } catch (err) {
    if (isConditionFailure(err)) throw tooManyRequests();
    throw err;
  }
  return item;
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
        UpdateExpression: 'ADD hits :minusOne',
        ConditionExpression: 'hits > :zero',
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      }),
      sdkOptions(),
    );
  } catch (err) {
    if (isConditionFailure(err)) return;
    logger.warn('rate-limit hit not given back', { error: (err as Error).name });
  }
}
