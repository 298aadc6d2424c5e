import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '../platform/db.js';

/**
 * Single-use links (e-mail confirmation, password recovery). Only the SHA-256 of the token is
 * stored: `LINK#{sha256}` / `LINK`. Expiry is checked on read (DynamoDB TTL removes the item
 * later in AWS; DynamoDB Local never does).
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

const key = (hash: string) => ({ pk: `LINK#${hash}`, sk: 'LINK' });

export async function putLinkToken(token: LinkToken): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...key(token.hash), type: 'LinkToken', ...token, ttl: token.expiresAt },
      ConditionExpression: 'attribute_not_exists(pk)',
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
  const item = res.Item as LinkToken | undefined;
  if (!item || item.purpose !== purpose || item.expiresAt <= nowEpoch) return undefined;
  return item;
}

/** Deletes the token only if still valid; false when another request consumed it first. */
export async function consumeLinkToken(
  hash: string,
  purpose: LinkPurpose,
  nowEpoch: number,
): Promise<boolean> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: key(hash),
        ConditionExpression: 'attribute_exists(pk) AND purpose = :p AND expiresAt > :now',
        ExpressionAttributeValues: { ':p': purpose, ':now': nowEpoch },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
