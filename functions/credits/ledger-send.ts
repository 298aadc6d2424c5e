import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../platform/db.js';
import { beforeWrite, pause, sdkOptions } from '../platform/deadline.js';

/**
 * Sending a ledger write: the deadline is checked before every attempt (and aborts the call),
 * and transient refusals — TransactionConflict (AWS only), throttling — resend the very same
 * write a few times with jitter. Resending is safe: a write that did land fails its own
 * idempotency condition the second time, and the caller then finds it by reading.
 */

/** How often the ledger met each event, per container: printed by the bench. */
export const ledgerCounters = {
  writes: 0,
  transientRetries: 0,
  conditionFailures: 0,
  settlements: 0,
};

const MAX_SENDS = 5;

type Reason = { Code?: string };

export function cancellationReasons(err: unknown): Reason[] | undefined {
  const e = err as { name?: string; CancellationReasons?: Reason[] };
  if (e?.name !== 'TransactionCanceledException') return undefined;
  return e.CancellationReasons ?? [];
}

const TRANSIENT_ERRORS = new Set([
  'TransactionConflictException',
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'InternalServerError',
  'TransactionInProgressException',
]);
const TRANSIENT_REASONS = new Set([
  'TransactionConflict',
  'ThrottlingError',
  'ProvisionedThroughputExceeded',
  'RequestLimitExceeded',
]);

export function isTransient(err: unknown): boolean {
  const reasons = cancellationReasons(err);
  if (reasons) {
    const codes = reasons.map((r) => r.Code ?? 'None').filter((c) => c !== 'None');
    return codes.length > 0 && codes.every((c) => TRANSIENT_REASONS.has(c));
  }
  return TRANSIENT_ERRORS.has((err as { name?: string })?.name ?? '');
}

/** The write's own condition failed (for a transaction: its first item, the wallet). */
export function isConditionFailed(err: unknown): boolean {
  const reasons = cancellationReasons(err);
  const failed = reasons
    ? reasons[0]?.Code === 'ConditionalCheckFailed'
    : (err as { name?: string })?.name === 'ConditionalCheckFailedException';
  if (failed) ledgerCounters.conditionFailures++;
  return failed;
}

/**
 * Answers after which it is open whether the transaction landed: DynamoDB is still running an
 * earlier send of this token (the SDK's own retry after a timed-out answer), or failed inside.
 */
const OPEN_OUTCOME = new Set(['TransactionInProgressException', 'InternalServerError']);

/**
 * `send` gets the SDK options (the deadline's abort signal) to pass to `db().send`, and the
 * ClientRequestToken for a transaction. The token is kept across a resend whose outcome is
 * open, so DynamoDB answers that first send's result instead of running the transaction
 * again; a fresh send with a new token would fail on the first one's own writes and read as
 * "already done by someone else". A refusal that applied nothing gets a new token.
 */
export async function sendWithRetries<O>(
  send: (options: ReturnType<typeof sdkOptions>, token: string) => Promise<O>,
): Promise<O> {
  let token = randomUUID();
  for (let attempt = 1; ; attempt++) {
    beforeWrite();
    ledgerCounters.writes++;
    try {
      return await send(sdkOptions(), token);
    } catch (err) {
      if (!isTransient(err) || attempt >= MAX_SENDS) throw err;
      if (!OPEN_OUTCOME.has((err as { name?: string })?.name ?? '')) token = randomUUID();
      ledgerCounters.transientRetries++;
      await pause(Math.random() * 10 * 2 ** attempt);
    }
  }
}

export type TransactItems = NonNullable<
  ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
>;

/** One ledger transaction, resent on transient refusals (sendWithRetries). */
export async function transact(items: TransactItems): Promise<void> {
  await sendWithRetries((o, token) =>
    db().send(new TransactWriteCommand({ TransactItems: items, ClientRequestToken: token }), o),
  );
}
