import { randomBytes } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from '../../orders/keys.js';
import type { SignerRecord } from '../../orders/signer-records.js';
import { db, isConditionFailure, tableName, withoutKeys } from '../../platform/db.js';
import { safeEqual } from '../../platform/secrets.js';

/**
 * The signer's own evidence items (docs/data-model.md patterns 84–89), beside the signer's META
 * that the orders domain writes:
 *
 *   SIGNER#{sid} / CODE            the current e-mail code (HMAC only; a new one replaces it)
 *   SIGNER#{sid} / CONSENT#{ver}   the consent given, with the text's hash
 *   SIGNER#{sid} / SIGNATURE       the signature applied (image in S3 under evidence/)
 *   SIGNER#{sid} / REJECTION       the reason a signer gave for not signing
 */
const signerPk = (id: string) => `SIGNER#${id}`;
const metaKey = (id: string) => ({ pk: signerPk(id), sk: 'META' });

/** True when `tokenHash` is the signer's live link: the same check on every path. */
export function linkHolds(
  signer: SignerRecord | undefined,
  tokenHash: string,
  now: Date,
): signer is SignerRecord {
  // Compare even when there is no signer, so a wrong id costs what a wrong token does.
  const stored = signer?.token_hash ?? '';
  const same = safeEqual(stored, tokenHash);
  if (!signer || !stored || !same) return false;
  if (signer.link_revoked_at || signer.estado_firma !== 'pending') return false;
  return !!signer.token_expires_at && signer.token_expires_at > now.toISOString();
}

/** The signer still holds the link a session came from (condition of every signer write). */
export function signerStillPending(
  signerId: string,
  tokenHash: string,
  set: string,
  values: Record<string, unknown>,
): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: metaKey(signerId),
      UpdateExpression: `SET ${set}`,
      ConditionExpression:
        'token_hash = :lh AND estado_firma = :pending AND attribute_not_exists(link_revoked_at)',
      ExpressionAttributeValues: { ':lh': tokenHash, ':pending': 'pending', ...values },
    },
  };
}

export function consentPut(p: {
  signerId: string;
  version: string;
  textSha256: string;
  at: string;
  ip: string;
  userAgent: string;
  sessionHash: string;
}): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        pk: signerPk(p.signerId),
        sk: `CONSENT#${p.version}`,
        type: 'SigningConsent',
        version: p.version,
        text_sha256: p.textSha256,
        at: p.at,
        ip: p.ip,
        user_agent: p.userAgent.slice(0, 256),
        session_hash: p.sessionHash,
      },
    },
  };
}

// ——— e-mail codes ———

export const CODE_TTL_SECONDS = 10 * 60;
export const CODE_MAX_TRIES = 5;

export interface SigningCode {
  code_id: string;
  code_hmac: string;
  session_hash: string;
  /** Epoch seconds. */
  expires_at: number;
  tries: number;
  sent_at: string;
  locked_at?: string;
  verified_at?: string;
  ttl: number;
}

const codeKey = (signerId: string) => ({ pk: signerPk(signerId), sk: 'CODE' });

/** A new code (its HMAC): overwrites the previous one, which stops working at once. */
export function codePut(signerId: string, code: SigningCode): TransactItem {
  return {
    Put: { TableName: tableName(), Item: { ...codeKey(signerId), type: 'SigningCode', ...code } },
  };
}

export async function getCode(signerId: string): Promise<SigningCode | undefined> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: codeKey(signerId), ConsistentRead: true }),
  );
  return res.Item ? codeRecord(res.Item) : undefined;
}

/**
 * Counts one try of the code issued to this session, before comparing: the count is atomic,
 * so parallel guesses can never get more than CODE_MAX_TRIES comparisons. Undefined when no
 * try is left (none issued to this session, expired, locked, already used). Each try adds its
 * own random id to `try_ids` (a new code replaces the item, and the set): the SDK's retry of a
 * count that had landed finds its id there, so it is neither counted twice nor refused.
 */
export async function countTry(
  signerId: string,
  sessionHash: string,
  nowEpoch: number,
): Promise<SigningCode | undefined> {
  const id = randomBytes(9).toString('base64url');
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: codeKey(signerId),
        UpdateExpression: 'ADD tries :one, try_ids :ids',
        ConditionExpression:
          'attribute_exists(pk) AND tries < :max AND expires_at > :now AND session_hash = :s ' +
          'AND attribute_not_exists(locked_at) AND attribute_not_exists(verified_at) ' +
          'AND NOT contains(try_ids, :id)',
        ExpressionAttributeValues: {
          ':one': 1,
          ':ids': new Set([id]),
          ':id': id,
          ':max': CODE_MAX_TRIES,
          ':now': nowEpoch,
          ':s': sessionHash,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return res.Attributes ? codeRecord(res.Attributes) : undefined;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    const now = await db().send(
      new GetCommand({ TableName: tableName(), Key: codeKey(signerId), ConsistentRead: true }),
    );
    const ids = now.Item?.try_ids as Set<string> | undefined;
    return now.Item && ids?.has(id) ? codeRecord(now.Item) : undefined;
  }
}

/** The code as the flow reads it: without its keys and the tries' ids. */
function codeRecord(item: Record<string, unknown>): SigningCode {
  const { try_ids: _ids, ...code } = withoutKeys<SigningCode & { try_ids?: unknown }>(item);
  return code;
}

/** Marks the code used (a match) or locked (the last miss); only that code, only once. */
/**
 * The code is still open (neither verified nor locked): a failed try's event is recorded only
 * then, so no try is ever logged after the lock that ended its code.
 */
export function codeStillOpen(signerId: string, codeId: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: codeKey(signerId),
      ConditionExpression:
        'code_id = :id AND attribute_not_exists(verified_at) AND attribute_not_exists(locked_at)',
      ExpressionAttributeValues: { ':id': codeId },
    },
  };
}

export function codeClose(
  signerId: string,
  codeId: string,
  field: 'verified_at' | 'locked_at',
  at: string,
): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: codeKey(signerId),
      UpdateExpression: `SET ${field} = :at`,
      ConditionExpression:
        'code_id = :id AND attribute_not_exists(verified_at) AND attribute_not_exists(locked_at)',
      ExpressionAttributeValues: { ':id': codeId, ':at': at },
    },
  };
}
