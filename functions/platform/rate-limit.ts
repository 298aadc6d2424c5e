import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Clock, epochSeconds, systemClock } from './clock.js';
import { db, tableName } from './db.js';
import { tooManyRequests } from './errors.js';
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

export async function hitRateLimit(
  scope: string,
  key: string,
  limit: number,
  windowSeconds: number,
  clock: Clock = systemClock,
): Promise<void> {
  const now = epochSeconds(clock.now());
  const window = Math.floor(now / windowSeconds);
  const res = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: rateWindowKey(scope, key, windowSeconds, now),
      UpdateExpression: 'ADD hits :one SET #ttl = :ttl',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':one': 1, ':ttl': (window + 1) * windowSeconds + 60 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  if (Number(res.Attributes?.hits ?? 0) > limit) throw tooManyRequests();
}
