import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SignatureType } from '../../../shared/rules/signature-types.js';
import type { TransactItem } from '../../orders/keys.js';
import { db, isConditionFailure, tableName, withoutKeys } from '../../platform/db.js';
import { beforeWrite } from '../../platform/deadline.js';

/**
 * Signing sessions (docs/data-model.md patterns 81–83). Opening the link exchanges its token for
 * a session: a random id the page keeps in memory and sessionStorage (never in the address bar),
 * stored only as its SHA-256.
 *
 *   SIGNSESS#{sha256(sessionId)} / SESSION
 *
 * A session lives 30 minutes from its last step, 2 hours at most, and only while its link does:
 * it records the hash of the link token it came from, and every step checks that the signer
 * still holds that token (a resend, signature, rejection or revocation ends it).
 */
export const SESSION_IDLE_SECONDS = 30 * 60;
export const SESSION_MAX_SECONDS = 2 * 60 * 60;

/** What the signer has done in this session; each step requires the ones before it. */
export interface SessionProgress {
  consent_version?: string;
  consent_sha256?: string;
  viewed_sha256?: string;
  code_id?: string;
  /** What the code was asked for: signing, or rejecting (which needs no consent or review). */
  code_purpose?: 'sign' | 'reject';
  code_verified_at?: string;
  /** Advanced signature (types/advanced/): the signer's current provider job ('' = none). */
  fea_job_id?: string;
  /** When the provider's SMS went and where (the code's window, the code screen's text). */
  fea_code_sent_at?: string;
  fea_phone?: string;
  /** The provider's enrolment page for this signer, asked once per session. */
  fea_enrolment_url?: string;
  /** FES + Clave Única (types/clave-unica/): the login's checks, then the identity it proved. */
  cu_state?: string;
  cu_nonce?: string;
  cu_verifier?: string;
  /** The pending login's address and start: shown again (a reload) instead of a new login. */
  cu_login_url?: string;
  cu_login_at?: string;
  cu_run?: string;
  cu_subject?: string;
  cu_issuer?: string;
  cu_verified_at?: string;
  /**
   * Biometric (types/biometric/): comparisons asked of the provider in this session (counted
   * before each call by `countAttempt`, never by the step's SET), then what the one that
   * passed proved. Never the images.
   */
  bio_attempts?: number;
  bio_transaction_id?: string;
  bio_result?: string;
  bio_score?: string;
  bio_run?: string;
  bio_serial?: string;
  bio_document_type?: string;
  bio_verified_at?: string;
}

export interface SigningSession {
  session_hash: string;
  signer_id: string;
  order_id: string;
  link_token_hash: string;
  signature_type: SignatureType;
  progress: SessionProgress;
  ip: string;
  user_agent: string;
  created_at: string;
  /** Epoch seconds: idle expiry (slides on each step, never past `hard_expires_at`). */
  expires_at: number;
  hard_expires_at: number;
  ttl: number;
}

const sessionKey = (hash: string) => ({ pk: `SIGNSESS#${hash}`, sk: 'SESSION' });

export function sessionPut(s: SigningSession): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...sessionKey(s.session_hash), type: 'SigningSession', ...s },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** A live session (consistent read): undefined when unknown or past either expiry. */
export async function getSession(hash: string, nowEpoch: number) {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: sessionKey(hash), ConsistentRead: true }),
  );
  if (!res.Item) return undefined;
  const s = withoutKeys<SigningSession & { type?: string }>(res.Item);
  if (s.expires_at <= nowEpoch || s.hard_expires_at <= nowEpoch) return undefined;
  return s;
}

/**
 * Slides the idle expiry and records progress (fields of `progress` to set). False when the
 * session ended meanwhile.
 */
export async function touchSession(
  hash: string,
  nowEpoch: number,
  hardExpiresAt: number,
  progress: SessionProgress = {},
): Promise<boolean> {
  const update = sessionProgressUpdate(hash, nowEpoch, hardExpiresAt, progress).Update;
  if (!update) return false;
  beforeWrite();
  try {
    await db().send(new UpdateCommand(update));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** The session Update as a transaction element (progress recorded with other changes). */
export function sessionProgressUpdate(
  hash: string,
  nowEpoch: number,
  hardExpiresAt: number,
  progress: SessionProgress,
): TransactItem {
  const sets = ['expires_at = :exp'];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {
    ':exp': Math.min(nowEpoch + SESSION_IDLE_SECONDS, hardExpiresAt),
    ':now': nowEpoch,
  };
  for (const [i, [k, v]] of Object.entries(progress).entries()) {
    if (v === undefined) continue;
    sets.push(`progress.#p${i} = :p${i}`);
    names[`#p${i}`] = k;
    values[`:p${i}`] = v;
  }
  return {
    Update: {
      TableName: tableName(),
      Key: sessionKey(hash),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'attribute_exists(pk) AND expires_at > :now',
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * Counts one attempt of a bounded step on the session (the biometric comparison) before it is
 * made: an atomic ADD under `count < max`, so two clicks at once cannot pass the bound. The
 * new count, or undefined when none is left (or the session ended).
 */
export async function countAttempt(
  hash: string,
  nowEpoch: number,
  field: 'bio_attempts',
  max: number,
): Promise<number | undefined> {
  beforeWrite();
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sessionKey(hash),
        UpdateExpression: 'ADD progress.#f :one',
        ConditionExpression:
          'attribute_exists(pk) AND expires_at > :now AND (attribute_not_exists(progress.#f) OR progress.#f < :max)',
        ExpressionAttributeNames: { '#f': field },
        ExpressionAttributeValues: { ':one': 1, ':now': nowEpoch, ':max': max },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number((res.Attributes?.progress as Record<string, unknown> | undefined)?.[field]);
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

/** Gives back an attempt that did not happen (the provider was down): best effort. */
export async function uncountAttempt(hash: string, field: 'bio_attempts'): Promise<void> {
  await db()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: sessionKey(hash),
        UpdateExpression: 'ADD progress.#f :minus',
        ConditionExpression: 'attribute_exists(pk) AND progress.#f > :zero',
        ExpressionAttributeNames: { '#f': field },
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    )
    .catch(() => undefined);
}
