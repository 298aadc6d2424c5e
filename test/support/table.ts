import type { LimitName } from '../../functions/platform/limits.js';
import type { StackInfo } from '../../local/stack.js';

/**
 * Direct access to the stack's table through the app's own repositories (so tests never build
 * keys): used to move time forward for one item, which no API can do.
 */
/** Points the app's repositories, in this process, at the stack's table. */
export function pointAt(stack: StackInfo) {
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_DYNAMODB: stack.endpoints.dynamodb,
    TABLE_NAME: stack.tableName,
  });
}

/** Makes an e-mailed link token expired, as if its lifetime had passed. */
export async function expireLink(stack: StackInfo, token: string, purpose: 'confirm' | 'recovery') {
  pointAt(stack);
  const { resetConfigCache } = await import('../../functions/platform/config.js');
  resetConfigCache();
  const { sha256 } = await import('../../functions/platform/secrets.js');
  const repo = await import('../../functions/auth/repo.js');
  const now = Math.floor(Date.now() / 1000);
  const link = await repo.findLinkToken(sha256(token), purpose, now);
  if (!link) throw new Error('link not found');
  const { db, tableName } = await import('../../functions/platform/db.js');
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: repo.linkKey(link.hash),
      UpdateExpression: 'SET expiresAt = :e, #ttl = :e',
      ExpressionAttributeNames: { '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':e': now - 1 },
    }),
  );
}

/**
 * Forgets the current window of one abuse limit for one key, as if a day (or hour) had passed:
 * for tests that need more of something than one window allows (e.g. 150 uploads for one user).
 */
export async function resetLimit(stack: StackInfo, name: LimitName, key: string) {
  pointAt(stack);
  const { resetConfigCache } = await import('../../functions/platform/config.js');
  resetConfigCache();
  const { LIMITS } = await import('../../functions/platform/limits.js');
  const { rateWindowKey } = await import('../../functions/platform/rate-limit.js');
  const { db, tableName } = await import('../../functions/platform/db.js');
  const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
  const { scope, windowSeconds } = LIMITS[name];
  const now = Math.floor(Date.now() / 1000);
  await db().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: rateWindowKey(scope, key, windowSeconds, now),
    }),
  );
}
