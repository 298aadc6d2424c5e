import { randomUUID } from 'node:crypto';
import type { StackInfo } from '../../local/stack.js';

/**
 * Test-side access to the credits ledger of a running stack, through the app's own ledger code
 * (no keys built here): credits for a test user without a card payment, and job runs "at" a
 * chosen moment through the local gateway's job door.
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

/** The Cognito sub inside an access token (already verified by the stack when used). */
export function subOf(accessToken: string): string {
  const payload = accessToken.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string }).sub;
}

export const nowEpoch = () => Math.floor(Date.now() / 1000);

/** Grants `amount` credits to a user, as an 'earned' lot expiring at `expiresAt`. */
export async function grantCredits(
  stack: StackInfo,
  accessToken: string,
  amount: number,
  expiresAt = nowEpoch() + 365 * 86_400,
) {
  pointAt(stack);
  const { grant } = await import('../../functions/credits/ledger.js');
  const { userOwner } = await import('../../functions/credits/keys.js');
  return grant(
    {
      ownerId: userOwner(subOf(accessToken)),
      type: 'earned',
      amount,
      expiresAt,
      description: 'Créditos de prueba',
      idempotencyKey: `test:${randomUUID()}`,
    },
    nowEpoch,
  );
}

export async function walletOf(stack: StackInfo, accessToken: string) {
  pointAt(stack);
  const { readWallet } = await import('../../functions/credits/ledger.js');
  const { userOwner } = await import('../../functions/credits/keys.js');
  return readWallet(userOwner(subOf(accessToken)));
}

/** Runs a scheduled job on the stack as if it were `time` (ISO). */
export async function runJob(stack: StackInfo, name: string, time?: Date) {
  const res = await fetch(`${stack.url}/_local/jobs/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(time ? { time: time.toISOString() } : {}),
  });
  const body = (await res.json()) as { result?: unknown; error?: string };
  if (!res.ok) throw new Error(`job ${name} failed: ${body.error}`);
  return body.result as Record<string, number>;
}

/** The app's ledger module, in this process, pointed at the stack's table. */
export async function ledgerOf(stack: StackInfo) {
  pointAt(stack);
  return import('../../functions/credits/ledger.js');
}

/** The wallet owner id of a test user. */
export async function ownerOf(accessToken: string) {
  const { userOwner } = await import('../../functions/credits/keys.js');
  return userOwner(subOf(accessToken));
}

/** Every ledger record of a user, newest first, following the cursor pages of `pageSize`. */
export async function allTransactions<T>(
  stack: StackInfo,
  accessToken: string,
  query = '',
  pageSize = 25,
): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null = null;
  do {
    const qs = new URLSearchParams(query);
    qs.set('limit', String(pageSize));
    if (cursor) qs.set('cursor', cursor);
    const res = await fetch(`${stack.url}/api/credits/transactions?${qs}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    if (res.status !== 200) throw new Error(`transactions → ${res.status}`);
    const body = (await res.json()) as { transactions: T[]; next_cursor: string | null };
    out.push(...body.transactions);
    cursor = body.next_cursor;
  } while (cursor);
  return out;
}

/** A user's settled lots as the wallet holds them (id, expiry, what is left, the payment). */
export async function lotsOf(stack: StackInfo, accessToken: string) {
  pointAt(stack);
  const { readWalletItem } = await import('../../functions/credits/wallet.js');
  const { userOwner } = await import('../../functions/credits/keys.js');
  return (await readWalletItem(userOwner(subOf(accessToken)))).lots;
}
