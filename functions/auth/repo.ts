import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '../platform/db.js';

/**
 * Single-use links (e-mail confirmation, password recovery). Only the SHA-256 of the token is
 * stored: `LINK#{sha256}` / `LINK`. Expiry is checked on read (DynamoDB TTL removes the item
 * later in AWS; DynamoDB Local never does). A used link keeps its item, marked `consumedBy`,
 * until that TTL: the mark names the request that used it, so the SDK's retry of that very
 * write (sent again after a timeout, although DynamoDB had applied it) is recognised as its own.
 */
export type LinkPurpose = 'confirm' | 'recovery';

export interface LinkToken {
  hash: string;
  purpose: LinkPurpose;
  email: string;
  /** Cognito username (sub) the link was issued for: a re-registration invalidates old links. */
  username: string;
  firstName: string;
  lastName: string;
  expiresAt: number;
}

/** The item's key (exported for test/support, which moves a link's expiry). */
export const linkKey = (hash: string) => ({ pk: `LINK#${hash}`, sk: 'LINK' });
const key = linkKey;

export async function putLinkToken(token: LinkToken): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...key(token.hash), type: 'LinkToken', ...token, ttl: token.expiresAt },
      // The hash is of 32 random bytes: an item already there is this very Put, applied by an
      // earlier try of the SDK (same username and expiry), never another link.
      ConditionExpression:
        'attribute_not_exists(pk) OR (username = :u AND expiresAt = :e AND attribute_not_exists(consumedBy))',
      ExpressionAttributeValues: { ':u': token.username, ':e': token.expiresAt },
    }),
  );
}

/** The token if it exists, has this purpose and has not expired. */
export async function findLinkToken(
  hash: string,
  purpose: LinkPurpose,
  nowEpoch: number,
): Promise<LinkToken | undefined> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: key(hash), ConsistentRead: true }),
  );
  const item = res.Item as (LinkToken & { consumedBy?: string }) | undefined;
  if (!item || item.consumedBy || item.purpose !== purpose || item.expiresAt <= nowEpoch) {
    return undefined;
  }
  const { consumedBy: _used, ...token } = item;
  return token;
}

/**
 * A link that was already used (a second click on a confirmation mail): its item while it is
 * kept, whatever its expiry, so the page can say the account is confirmed instead of "invalid".
 */
export async function findUsedLinkToken(
  hash: string,
  purpose: LinkPurpose,
): Promise<LinkToken | undefined> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: key(hash), ConsistentRead: true }),
  );
  const item = res.Item as (LinkToken & { consumedBy?: string }) | undefined;
  if (!item?.consumedBy || item.purpose !== purpose) return undefined;
  const { consumedBy: _used, ...token } = item;
  return token;
}

/** What a request that used a link holds: enough to give the link back (releaseLinkToken). */
export interface LinkClaim {
  hash: string;
  by: string;
}

/**
 * Uses the token if still valid: exactly one request gets the claim, every other one
 * undefined. The condition also passes this request's own mark, for the SDK's retry.
 */
export async function consumeLinkToken(
  hash: string,
  purpose: LinkPurpose,
  nowEpoch: number,
): Promise<LinkClaim | undefined> {
  const by = randomUUID();
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key(hash),
        UpdateExpression: 'SET consumedBy = :by',
        ConditionExpression:
          '(attribute_exists(pk) AND purpose = :p AND expiresAt > :now AND attribute_not_exists(consumedBy)) OR consumedBy = :by',
        ExpressionAttributeValues: { ':p': purpose, ':now': nowEpoch, ':by': by },
      }),
    );
    return { hash, by };
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

/**
 * Gives a used link back (the step after it failed for a reason the user can retry). Only
 * the claim's holder can, and only while the link is still marked as theirs.
 */
export async function releaseLinkToken(claim: LinkClaim): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key(claim.hash),
        UpdateExpression: 'REMOVE consumedBy',
        ConditionExpression: 'consumedBy = :by',
        ExpressionAttributeValues: { ':by': claim.by },
      }),
    );
  } catch (err) {
    // Already given back (the SDK's retry of this very write): nothing left to do.
    if (!isConditionFailure(err)) throw err;
  }
}
