import { randomUUID } from 'node:crypto';
import {
  BatchWriteCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { apiEs } from '../../shared/messages/api.es.js';
import { creditsEs } from '../../shared/messages/credits.es.js';
import type { TransactionType } from '../../shared/rules/credits.js';
import { db, tableName } from '../platform/db.js';
import { beforeWork, currentDeadline, sdkOptions } from '../platform/deadline.js';
import { AppError } from '../platform/errors.js';
import { logger } from '../platform/logger.js';
import { iso, type LedgerEntry, toEntry } from './entry.js';
import { namesFor } from './expr.js';
import * as keys from './keys.js';
import {
  cancellationReasons,
  isConditionFailed,
  ledgerCounters,
  sendWithRetries,
} from './ledger-send.js';
import { dueLots, earliestExpiry, type Lot, replay } from './replay.js';
import {
  emptyWalletItem,
  idempotencyItem,
  lotsAttr,
  readHead,
  readWalletItem,
  recordItem,
  SETTLE_CHUNK,
  slotOf,
  TOMBSTONE_EPOCHS,
  WALLET_FORMAT,
  type Wallet,
} from './wallet.js';

/**
 * The ledger's slow path: settlement and the changes that need a still wallet (expiry, taking
 * back a grant). Every step here is one transaction conditioned so that only one settler can
 * win (the wallet's `epoch` for settlement, its `seq` for the pinned changes); a loser reads
 * again. Debits never wait for it: they only stop when a lot is due or the journal is full.
 */

/** Items per expiry or reclaim transaction: 1 wallet + 2 per lot, under DynamoDB's 100. */
const PINNED_CHUNK = 45;
/** A bound for tests and jobs; a request meets its deadline long before. */
const MAX_STEPS = 100;

type TransactItems = NonNullable<
  ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
>;

async function transact(items: TransactItems): Promise<void> {
  await sendWithRetries((o) => db().send(new TransactWriteCommand({ TransactItems: items }), o));
}

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
 * expired, a first-format wallet upgraded. Returns the credits it expired.
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
export async function settleSoon(ownerId: string, nowEpoch: () => number): Promise<void> {
  if ((currentDeadline()?.remainingMs() ?? Infinity) < 2_000) return;
  try {
    await settle(ownerId, nowEpoch, { steps: 1 });
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
        Item: idempotencyItem(ownerId, s.change.key, s.entry, now, s.change.permanent),
      },
    });
  }
  await transact(items);
  ledgerCounters.settlements++;
  await deleteDescriptors(ownerId, result.emptied);
}

interface PinnedChange {
  lots: Lot[];
  records: { entry: LedgerEntry; lots?: unknown }[];
  /** Added to the wallet's figures. */
  deltas: Partial<Record<'#bal' | '#te' | '#tu' | '#tx', number>>;
  idempotency?: { key: string; entry: LedgerEntry };
  removedLots?: Lot[];
}

/**
 * A change made on a wallet at rest (empty journal), pinned to the seq it read: its records get
 * exact seqs and balances. Expiry and reclaimGrant use it; a debit landing meanwhile makes it
 * read again.
 */
async function pinned(ownerId: string, w: Wallet, now: number, c: PinnedChange): Promise<void> {
  const seq = w.seq + c.records.length;
  const sets = ['#lots = :lots', '#ne = :next', '#seq = :seq', '#ss = :seq', '#up = :now'];
  const values: Record<string, unknown> = {
    ':lots': lotsAttr(c.lots),
    ':next': earliestExpiry(c.lots),
    ':seq': seq,
    ':read': w.seq,
    ':e': w.epoch,
    ':now': iso(now),
  };
  for (const [name, delta] of Object.entries(c.deltas)) {
    const v = `:d${name.slice(1)}`;
    sets.push(`${name} = ${name} + ${v}`);
    values[v] = delta;
  }
  const names: Record<string, string> = {};
  let condition = '#seq = :read AND #ep = :e AND size(#j) = :zero';
  values[':zero'] = 0;
  if (c.idempotency) {
    names['#k'] = slotOf(c.idempotency.key);
    condition += ' AND attribute_not_exists(#jt.#k)';
  }
  const UpdateExpression = `SET ${sets.join(', ')}`;
  const items: TransactItems = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.balance(ownerId),
        UpdateExpression,
        ConditionExpression: condition,
        ExpressionAttributeNames: namesFor(names, UpdateExpression, condition),
        ExpressionAttributeValues: values,
      },
    },
  ];
  c.records.forEach((r, i) => {
    items.push({
      Put: { TableName: tableName(), Item: recordItem(r.entry, w.seq + i + 1, r.lots) },
    });
  });
  for (const lot of c.removedLots ?? []) {
    items.push({
      Delete: { TableName: tableName(), Key: keys.lot(ownerId, lot.expiresAt, lot.id) },
    });
  }
  if (c.idempotency) {
    items.push({
      Put: {
        TableName: tableName(),
        Item: idempotencyItem(ownerId, c.idempotency.key, c.idempotency.entry, now, true),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
  }
  await transact(items);
}

/** Voids the due lots (up to a chunk), one 'expired' record per lot. */
async function expireChunk(ownerId: string, w: Wallet, now: number): Promise<number> {
  const due = dueLots(w.lots, now).slice(0, PINNED_CHUNK);
  const gone = new Set(due.map((l) => l.id));
  let balance = w.balance;
  const records = due.map((lot) => {
    balance -= lot.remaining;
    const entry: LedgerEntry = {
      id: randomUUID(),
      owner_id: ownerId,
      type: 'expired',
      amount: -lot.remaining,
      balance_after_transaction: balance,
      description: creditsEs.expiredDescription,
      currency_amount: null,
      currency_code: null,
      expires_at: iso(lot.expiresAt),
      related_entity_type: 'credit_lot',
      related_entity_id: lot.id,
      payment_intent_id: null,
      created_at: iso(now),
    };
    return { entry };
  });
  const total = w.balance - balance;
  await pinned(ownerId, w, now, {
    lots: w.lots.filter((l) => !gone.has(l.id)),
    records,
    deltas: { '#bal': -total, '#tx': total },
    removedLots: due,
  });
  return total;
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

/** Live credits expiring within `withinSeconds` from now, counting what the journal will take. */
export async function expiringSoon(
  ownerId: string,
  now: number,
  withinSeconds: number,
): Promise<number> {
  const w = await readWalletItem(ownerId);
  if (!w.current) {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.walletPk(ownerId),
          ':from': keys.lotSkFrom(now + 1),
          ':to': keys.lotSkFrom(now + withinSeconds + 1),
        },
      }),
      sdkOptions(),
    );
    return (res.Items ?? []).reduce((sum, i) => sum + Number(i.remaining ?? 0), 0);
  }
  const { lots } = replay(w.lots, w.journal);
  return lots
    .filter((l) => l.expiresAt > now && l.expiresAt <= now + withinSeconds)
    .reduce((sum, l) => sum + l.remaining, 0);
}

/** Owners with lots whose expiry has passed, from the sparse expiry index. */
export async function ownersWithExpiredLots(now: number): Promise<string[]> {
  const owners = new Set<string>();
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :after',
        ExpressionAttributeValues: {
          ':pk': keys.LOT_EXPIRY_PK,
          ':after': keys.lotExpiryAfter(now),
        },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) owners.add(String(item.ownerId));
    start = res.LastEvaluatedKey;
  } while (start);
  return [...owners];
}

/**
 * Takes back the still-unspent, unexpired credits of the lot(s) a payment granted, as one
 * 'adjustment' record (refunds and disputes). Nothing left: no record, `entry` null. Idempotent
 * by key: a repeat answers the first result.
 */
export async function reclaimGrant(
  input: { ownerId: string; paymentIntentId: string; idempotencyKey: string; description: string },
  nowEpoch: () => number,
): Promise<{ entry: LedgerEntry | null; reclaimed: number; replayed: boolean }> {
  const { ownerId, idempotencyKey: key } = input;
  for (let step = 0; step < MAX_STEPS; step++) {
    beforeWork();
    const head = await readHead(ownerId, key);
    if (head.first) {
      return { entry: head.first, reclaimed: -head.first.amount, replayed: true };
    }
    if (head.inFlux) continue;
    await settle(ownerId, nowEpoch);
    const now = nowEpoch();
    const w = await readWalletItem(ownerId);
    // No wallet: nothing was ever granted, so there is nothing to take back.
    if (!w.exists) return { entry: null, reclaimed: 0, replayed: false };
    if (w.journal.length || !w.current) continue;
    const taken = w.lots.filter(
      (l) => l.paymentIntentId === input.paymentIntentId && l.expiresAt > now && l.remaining > 0,
    );
    const amount = taken.reduce((s, l) => s + l.remaining, 0);
    if (amount === 0) {
      // Nothing left: maybe because this very key took it since our first read (its IDEMP
      // item was written with the lots' removal, so it is visible now).
      const again = await readHead(ownerId, key);
      if (again.first) {
        return { entry: again.first, reclaimed: -again.first.amount, replayed: true };
      }
      return { entry: null, reclaimed: 0, replayed: false };
    }
    const gone = new Set(taken.map((l) => l.id));
    const entry: LedgerEntry = {
      id: randomUUID(),
      owner_id: ownerId,
      type: 'adjustment',
      amount: -amount,
      balance_after_transaction: w.balance - amount,
      description: input.description,
      currency_amount: null,
      currency_code: null,
      expires_at: null,
      related_entity_type: 'payment',
      related_entity_id: input.paymentIntentId,
      payment_intent_id: input.paymentIntentId,
      created_at: iso(now),
    };
    try {
      await pinned(ownerId, w, now, {
        lots: w.lots.filter((l) => !gone.has(l.id)),
        records: [
          {
            entry,
            lots: taken.map((l) => ({ lotId: l.id, expiresAt: l.expiresAt, take: l.remaining })),
          },
        ],
        // Credits given back with the money were never earned.
        deltas: { '#bal': -amount, '#te': -amount },
        idempotency: { key, entry },
        removedLots: taken,
      });
      return { entry, reclaimed: amount, replayed: false };
    } catch (err) {
      const reasons = cancellationReasons(err);
      if (reasons?.[reasons.length - 1]?.Code === 'ConditionalCheckFailed') continue; // repeat
      if (!isConditionFailed(err)) throw err;
    }
  }
  throw new AppError('CONFLICT', apiEs.conflict);
}

export interface TransactionPage {
  transactions: LedgerEntry[];
  nextCursor: string | null;
}

/** Opaque page cursors: the last key, base64url JSON, checked to belong to this wallet. */
function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;
}

function decodeCursor(cursor: string, ownerId: string, type?: string): Record<string, unknown> {
  let key: Record<string, unknown>;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new AppError('VALIDATION', apiEs.validation, { cursor: apiEs.validation });
  }
  const ok =
    key !== null &&
    typeof key === 'object' &&
    key.pk === keys.walletPk(ownerId) &&
    typeof key.sk === 'string' &&
    key.sk.startsWith(keys.TX_PREFIX) &&
    (type === undefined || key.gsi1pk === keys.txTypePk(ownerId, type)) &&
    Object.keys(key).length === (type === undefined ? 2 : 4);
  if (!ok) throw new AppError('VALIDATION', apiEs.validation, { cursor: apiEs.validation });
  return key;
}

/**
 * The wallet's ledger, newest first, optionally one type only. Journal entries are settled
 * first, so every change shows with its exact place and balance.
 */
export async function listTransactions(
  ownerId: string,
  opts: { type?: TransactionType; limit: number; cursor?: string },
): Promise<TransactionPage> {
  const start = opts.cursor ? decodeCursor(opts.cursor, ownerId, opts.type) : undefined;
  const w = await readWalletItem(ownerId);
  if (w.exists && (w.journal.length || !w.current)) {
    await settle(ownerId, () => Math.floor(Date.now() / 1000));
  }
  const res = await db().send(
    new QueryCommand(
      opts.type
        ? {
            TableName: tableName(),
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :pk',
            ExpressionAttributeValues: { ':pk': keys.txTypePk(ownerId, opts.type) },
            ScanIndexForward: false,
            Limit: opts.limit,
            ExclusiveStartKey: start,
          }
        : {
            TableName: tableName(),
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :tx)',
            ExpressionAttributeValues: { ':pk': keys.walletPk(ownerId), ':tx': keys.TX_PREFIX },
            ScanIndexForward: false,
            Limit: opts.limit,
            ExclusiveStartKey: start,
          },
    ),
    sdkOptions(),
  );
  return {
    transactions: (res.Items ?? []).map(toEntry),
    nextCursor: encodeCursor(res.LastEvaluatedKey),
  };
}
