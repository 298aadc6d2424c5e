import { randomUUID } from 'node:crypto';
import { creditsEs } from '../../shared/messages/credits.es.js';
import { tableName } from '../platform/db.js';
import { iso, type LedgerEntry } from './entry.js';
import { namesFor } from './expr.js';
import * as keys from './keys.js';
import { cancellationReasons, type TransactItems, transact } from './ledger-send.js';
import { dueLots, earliestExpiry, type Lot } from './replay.js';
import { idempotencyItem, lotsAttr, recordItem, slotOf, type Wallet } from './wallet.js';

/**
 * Changes made on a wallet at rest (empty journal), pinned to the seq they read: the expiry of
 * due lots (settlement's last steps) and taking back a grant (ledger-reclaim.ts). A debit
 * landing meanwhile fails the condition and the caller reads again.
 */

/** Items per expiry or reclaim transaction: 1 wallet + 2 per lot, under DynamoDB's 100. */
const PINNED_CHUNK = 45;

export interface PinnedChange {
  lots: Lot[];
  records: { entry: LedgerEntry; lots?: unknown }[];
  /** Added to the wallet's figures. */
  deltas: Partial<Record<'#bal' | '#te' | '#tu' | '#tx' | '#debt', number>>;
  idempotency?: { key: string; entry: LedgerEntry };
  removedLots?: Lot[];
  /** Lots brought back (a refund): their descriptor items are written again. */
  restoredLots?: Lot[];
  /** Writes that must land with the change (an order's end); their failed condition throws. */
  extra?: { items: TransactItems; onConditionFailed: () => Error };
}

/** The lot's own item: the expiry job's index entry and its expiry for `expiringSoon`. */
export function lotDescriptorPut(
  ownerId: string,
  lot: Pick<Lot, 'id' | 'expiresAt' | 'paymentIntentId'>,
  granted: number,
  entryId: string,
) {
  return {
    TableName: tableName(),
    Item: {
      ...keys.lot(ownerId, lot.expiresAt, lot.id),
      ...keys.lotExpiryIndex(ownerId, lot.expiresAt, lot.id),
      entity: 'CreditLot',
      ownerId,
      lotId: lot.id,
      expiresAt: lot.expiresAt,
      granted,
      entryId,
      ...(lot.paymentIntentId ? { paymentIntentId: lot.paymentIntentId } : {}),
    },
  };
}

/**
 * A change made on a wallet at rest (empty journal), pinned to the seq it read: its records get
 * exact seqs and balances. Expiry and reclaimGrant use it; a debit landing meanwhile makes it
 * read again.
 */
export async function pinned(
  ownerId: string,
  w: Wallet,
  now: number,
  c: PinnedChange,
): Promise<void> {
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
    // A wallet that never owed has no `debt` attribute yet.
    sets.push(
      name === '#debt'
        ? `${name} = if_not_exists(${name}, :zero) + ${v}`
        : `${name} = ${name} + ${v}`,
    );
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
  for (const lot of c.restoredLots ?? []) {
    items.push({ Put: lotDescriptorPut(ownerId, lot, lot.granted, c.records[0]?.entry.id ?? '') });
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
  const fixed = items.length;
  items.push(...(c.extra?.items ?? []));
  try {
    await transact(items);
  } catch (err) {
    const reasons = cancellationReasons(err);
    if (c.extra && reasons?.slice(fixed).some((r) => r.Code === 'ConditionalCheckFailed')) {
      throw c.extra.onConditionFailed();
    }
    throw err;
  }
}

/** Voids the due lots (up to a chunk), one 'expired' record per lot. */
export async function expireChunk(ownerId: string, w: Wallet, now: number): Promise<number> {
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
      // A reversed payment's debt leaves out what of it expired unused (ledger-reclaim.ts).
      payment_intent_id: lot.paymentIntentId ?? null,
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
