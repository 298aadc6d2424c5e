import type { StackInfo } from '../../local/stack.js';

/**
 * Direct access to the stack's table through the app's own repositories (so tests never build
 * keys): used to move time forward for one item, which no API can do.
 */
function pointAt(stack: StackInfo) {
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
  await repo.consumeLinkToken(link.hash, purpose, now);
  await repo.putLinkToken({ ...link, expiresAt: now - 1 });
}
