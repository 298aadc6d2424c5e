import { BatchWriteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { apiEs } from '../../shared/messages/api.es.js';
import { db, tableName } from '../platform/db.js';
import { beforeWork, currentDeadline, sdkOptions } from '../platform/deadline.js';
import { AppError } from '../platform/errors.js';
import { logger } from '../platform/logger.js';
import { iso } from './entry.js';
import { namesFor } from './expr.js';
import * as keys from './keys.js';
import { payDebt } from './ledger-debt.js';
import { expireChunk, pinned } from './ledger-pinned.js';
import {
  isConditionFailed,
  ledgerCounters,
  sendWithRetries,
  type TransactItems,
  transact,
} from './ledger-send.js';
import { dueLots, earliestExpiry, type Lot, replay } from './replay.js';
import {
  emptyWalletItem,
  idempotencyItem,
  lotsAttr,
  readWalletItem,
  recordItem,
  SETTLE_CHUNK,
  TOMBSTONE_EPOCHS,
  WALLET_FORMAT,
  type Wallet,
} from './wallet.js';

/**
 * The ledger's slow path: settlement, which brings a wallet to rest. Every step here is one
 * transaction conditioned so that only one settler can win (the wallet's `epoch` for settlement,
 * its `seq` for the pinned changes of ledger-pinned.ts); a loser reads again. Debits never wait
 * for it: they only stop when a lot is due or the journal is full. Taking back a grant is
 * ledger-reclaim.ts; the reads that settle first are ledger-read.ts.
 */

/** A bound for tests and jobs; a request meets its deadline long before. */
export const MAX_STEPS = 100;

export async function createWallet(ownerId: string, now: number): Promise<void> {
  try {
    await sendWithRetries((o) =>
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: emptyWalletItem(ownerId, iso(now)),
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
        o,
      ),
    );
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
  }
}

/**
 * Brings the wallet to rest: every journal entry settled into its record, every due lot
 * expired, a debt paid from the credits there are, a first-format wallet upgraded. Returns the credits it expired.
 */
export async function settle(
  ownerId: string,
  nowEpoch: () => number,
  opts: { steps?: number } = {},
): Promise<number> {
  let expired = 0;
  const steps = opts.steps ?? MAX_STEPS;
  for (let step = 0; step < steps; step++) {
    beforeWork();
    const now = nowEpoch();
    const w = await readWalletItem(ownerId);
    if (!w.exists) return expired;
    try {
      if (!w.current) {
        await upgrade(ownerId, w, now);
      } else if (w.journal.length) {
        await settleChunk(ownerId, w, now);
      } else if (dueLots(w.lots, now).length) {
        expired += await expireChunk(ownerId, w, now);
      } else if (w.debt > 0 && w.balance > 0) {
        await payDebt(ownerId, w, now);
      } else if (w.nextExpiryAt !== earliestExpiry(w.lots)) {
        await pinned(ownerId, w, now, { lots: w.lots, records: [], deltas: {} });
      } else {
        return expired;
      }
    } catch (err) {
      if (!isConditionFailed(err)) throw err;
      // Another settler (or a debit, for the pinned steps) got there first: read again.
    }
  }
  if (opts.steps !== undefined) return expired;
  throw new AppError('CONFLICT', apiEs.conflict);
}

/**
 * Settlement right after a change, before answering (the change itself is done): one chunk
 * only — under a burst it never chases the journal, whose next SETTLE_EVERY changes elect the
 * next settler — skipped when time is short, and it never fails the change.
 */
export async function settleSoon(
  ownerId: string,
  nowEpoch: () => number,
  steps = 1,
): Promise<void> {
  if ((currentDeadline()?.remainingMs() ?? Infinity) < 2_000) return;
  try {
    await settle(ownerId, nowEpoch, { steps });
  } catch (err) {
    logger.warn('ledger: settlement after a change did not finish', {
      error: (err as Error)?.name,
    });
  }
}

/** Moves the oldest journal entries to their records and IDEMP items, in seq order. */
async function settleChunk(ownerId: string, w: Wallet, now: number): Promise<void> {
  const chunk = w.journal.slice(0, SETTLE_CHUNK);
  const rest = w.journal.slice(SETTLE_CHUNK);
  const result = replay(w.lots, chunk);
  const epoch = w.epoch + 1;
  // Tombstones of the last TOMBSTONE_EPOCHS settlements stay: a repeat of a key that read the
  // wallet before its entry moved still finds out (see the debit's condition in ledger.ts).
  const floor = Math.max(w.jtFloor, epoch - TOMBSTONE_EPOCHS);
  const pruned = Object.entries(w.tombstones)
    .filter(([, e]) => e <= floor)
    .map(([k]) => k);
  const next = earliestExpiry([...result.lots, ...rest.flatMap((c) => (c.lot ? [c.lot] : []))]);
  const names: Record<string, string> = {};
  const sets = ['#lots = :lots', '#ep = :e1', '#jf = :floor', '#ne = :next', '#ss = :ss'];
  const removes: string[] = [];
  chunk.forEach((c, i) => {
    names[`#k${i}`] = c.slot;
    sets.push(`#jt.#k${i} = :e1`);
    removes.push(`#j.#k${i}`, `#js.#k${i}`, `#jb.#k${i}`);
  });
  pruned.forEach((k, i) => {
    names[`#p${i}`] = k;
    removes.push(`#jt.#p${i}`);
  });
  const UpdateExpression = `SET ${sets.join(', ')} REMOVE ${removes.join(', ')}`;
  // Only one settler wins an epoch; a grant since our read (gseq) may have lowered nextExpiryAt.
  const ConditionExpression = '#ep = :e AND #gs = :g';
  const items: TransactItems = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.balance(ownerId),
        UpdateExpression,
        ConditionExpression,
        ExpressionAttributeNames: namesFor(names, UpdateExpression, ConditionExpression),
        ExpressionAttributeValues: {
          ':lots': lotsAttr(result.lots),
          ':e1': epoch,
          ':e': w.epoch,
          ':g': w.gseq,
          ':floor': floor,
          ':next': next,
          ':ss': chunk[chunk.length - 1]?.seq ?? w.settledSeq,
        },
      },
    },
  ];
  for (const s of result.settled) {
    items.push({
      Put: { TableName: tableName(), Item: recordItem(s.entry, s.change.seq, s.lots) },
    });
    items.push({
      Put: {
        TableName: tableName(),
        Item: idempotencyItem(
          ownerId,
          s.change.key,
          s.entry,
          now,
          s.change.permanent,
          s.change.seq,
        ),
      },
    });
  }
  await transact(items);
  ledgerCounters.settlements++;
  await deleteDescriptors(ownerId, result.emptied);
}

/** A wallet of the first ledger (version, LOT items holding `remaining`) in the new format. */
async function upgrade(ownerId: string, w: Wallet, now: number): Promise<void> {
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :lot)',
      ExpressionAttributeValues: { ':pk': keys.walletPk(ownerId), ':lot': keys.LOT_PREFIX },
      ConsistentRead: true,
    }),
    sdkOptions(),
  );
  const lots: Lot[] = (res.Items ?? [])
    .filter((i) => Number(i.remaining ?? 0) > 0)
    .map((i) => ({
      id: String(i.lotId),
      expiresAt: Number(i.expiresAt),
      remaining: Number(i.remaining),
      granted: Number(i.granted ?? i.remaining),
    }));
  const fresh = emptyWalletItem(ownerId, iso(now));
  const UpdateExpression =
    'SET #fmt = :fmt, #seq = :v, #ss = :v, #ep = :zero, #gs = :zero, #jf = :zero, ' +
    '#ne = :next, #lots = :lots, #j = :empty, #js = :empty, #jb = :empty, #jt = :empty ' +
    'REMOVE #ver';
  const ConditionExpression = '#ver = :v AND attribute_not_exists(#fmt)';
  await sendWithRetries((o) =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.balance(ownerId),
        UpdateExpression,
        ConditionExpression,
        ExpressionAttributeNames: namesFor({}, UpdateExpression, ConditionExpression),
        ExpressionAttributeValues: {
          ':fmt': fresh.fmt,
          ':v': w.seq,
          ':zero': 0,
          ':next': earliestExpiry(lots),
          ':lots': lotsAttr(lots),
          ':empty': {},
        },
      }),
      o,
    ),
  );
  logger.info('ledger: wallet upgraded to format', { format: WALLET_FORMAT, lots: lots.length });
}

/** Lot items of lots no longer in play: best effort (the expiry job removes leftovers). */
async function deleteDescriptors(ownerId: string, lots: readonly Lot[]): Promise<void> {
  for (let i = 0; i < lots.length; i += 25) {
    const batch = lots.slice(i, i + 25);
    try {
      await db().send(
        new BatchWriteCommand({
          RequestItems: {
            [tableName()]: batch.map((l) => ({
              DeleteRequest: { Key: keys.lot(ownerId, l.expiresAt, l.id) },
            })),
          },
        }),
        sdkOptions(),
      );
    } catch (err) {
      logger.warn('ledger: lot items left for the expiry job', { error: (err as Error)?.name });
      return;
    }
  }
}

/**
 * Voids every lot of the wallet whose expiry has passed (one 'expired' record per lot), after
 * settling the journal. Safe to run twice or concurrently.
 */
export async function expireWallet(ownerId: string, nowEpoch: () => number): Promise<number> {
  const expired = await settle(ownerId, nowEpoch);
  // Lot items of lots spent to zero whose descriptor delete did not happen: tidy them too.
  const now = nowEpoch();
  const w = await readWalletItem(ownerId);
  const live = new Set(w.lots.map((l) => l.id));
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.walletPk(ownerId),
        ':from': keys.LOT_PREFIX,
        ':to': keys.lotSkFrom(now + 1),
      },
      ConsistentRead: true,
    }),
    sdkOptions(),
  );
  const stale = (res.Items ?? [])
    .filter((i) => !live.has(String(i.lotId)))
    .map((i) => ({
      id: String(i.lotId),
      expiresAt: Number(i.expiresAt),
      remaining: 0,
      granted: 0,
    }));
  await deleteDescriptors(ownerId, stale);
  return expired;
}
