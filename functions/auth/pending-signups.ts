import { scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TermsAcceptance } from '../../shared/legal.js';
import { db, tableName } from '../platform/db.js';
import { randomToken } from '../platform/secrets.js';

const scrypt = promisify(scryptCb) as (
  password: string,
  salt: string,
  keylen: number,
  options: { N: number; r: number; p: number },
) => Promise<Buffer>;

/**
 * What the API remembers of a pending sign-up, `SIGNUP#{sub}` / `SIGNUP`, until its link
 * expires: a salted scrypt check of the password it was made with, and whether the address was
 * contested (this sign-up replaced another pending one made with a different password).
 *
 * Why: a confirmation link proves the clicker reads the inbox, not that they chose the
 * password. If two people sign up one address, the owner may follow either mail; so when the
 * passwords differ the account is confirmed without either password and the owner chooses one
 * through a recovery link sent to the same inbox. A person who simply signs up twice with the
 * same password is not contested.
 */
export interface PendingSignUp {
  sub: string;
  passwordCheck: string;
  contested: boolean;
  /**
   * The sign-up's acceptance of the terms and the privacy policy: the profile made at
   * confirmation copies it (a resent link confirms the same sign-up, so it lives here, not on
   * the link). Absent on records written before it was asked.
   */
  terms?: TermsAcceptance;
  expiresAt: number;
}

const key = (sub: string) => ({ pk: `SIGNUP#${sub}`, sk: 'SIGNUP' });
const PARAMS = { N: 16_384, r: 8, p: 1 };

export async function passwordCheckOf(password: string): Promise<string> {
  const salt = randomToken();
  const hash = await scrypt(password, salt, 32, PARAMS);
  return `scrypt$${salt}$${hash.toString('base64url')}`;
}

export async function passwordMatches(check: string, password: string): Promise<boolean> {
  const [scheme, salt, expected] = check.split('$');
  if (scheme !== 'scrypt' || !salt || !expected) return false;
  const hash = await scrypt(password, salt, 32, PARAMS);
  const want = Buffer.from(expected, 'base64url');
  return want.length === hash.length && timingSafeEqual(want, hash);
}

export async function putPendingSignUp(p: PendingSignUp): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...key(p.sub), type: 'PendingSignUp', ...p, ttl: p.expiresAt },
    }),
  );
}

export async function findPendingSignUp(
  sub: string,
  nowEpoch: number,
): Promise<PendingSignUp | undefined> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: key(sub), ConsistentRead: true }),
  );
  const item = res.Item as PendingSignUp | undefined;
  return item && item.expiresAt > nowEpoch ? item : undefined;
}

/** Forgets the sign-up's password check: the account's deletion leaves no hash behind. */
export async function deletePendingSignUp(sub: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: key(sub) }));
}
