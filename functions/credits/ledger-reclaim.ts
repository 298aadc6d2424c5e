import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { apiEs } from '../../shared/messages/api.es.js';
import { creditsEs } from '../../shared/messages/credits.es.js';
import { fmt } from '../../shared/messages/fmt.js';
import { db, tableName } from '../platform/db.js';
import { beforeWork, sdkOptions } from '../platform/deadline.js';
import { AppError } from '../platform/errors.js';
import { iso, type LedgerEntry } from './entry.js';
import * as keys from './keys.js';
import { pinned } from './ledger-pinned.js';
import { cancellationReasons, isConditionFailed } from './ledger-send.js';
import { MAX_STEPS, settle } from './ledger-settle.js';
import { readHead, readWalletItem } from './wallet.js';

/**
 * Takes back the still-unspent, unexpired credits of the lot(s) a payment granted, as one
 * 'adjustment' record (refunds and disputes). Nothing left: no record, `entry` null. Idempotent
 * by key: a repeat answers the first result.
 */
export async function reclaimGrant(
  input: {
    ownerId: string;
    paymentIntentId: string;
    idempotencyKey: string;
    description: string;
    /**
     * A dispute: what of the payment was already spent becomes the wallet's debt. A refund is
     * staff's own decision (often partial, made seeing what was used): it takes the rest only.
     */
    recordDebt?: boolean;
  },
  nowEpoch: () => number,
): Promise<{ entry: LedgerEntry | null; reclaimed: number; owed?: number; replayed: boolean }> {
  const { ownerId, idempotencyKey: key } = input;
  for (let step = 0; step < MAX_STEPS; step++) {
    beforeWork();
    const head = await readHead(ownerId, key);
    if (head.first) {
      return { entry: head.first, reclaimed: 0 - head.first.amount, replayed: true };
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
    // What of the payment's credits was spent (not taken back now, not expired) is owed.
    const owed = !input.recordDebt
      ? 0
      : Math.max(
          0,
          (await recordsTotal(ownerId, 'purchase', input.paymentIntentId)) -
            amount +
            (await recordsTotal(ownerId, 'expired', input.paymentIntentId)),
        );
    if (amount === 0 && owed === 0) {
      // Nothing left: maybe because this very key took it since our first read (its IDEMP
      // item was written with the lots' removal, so it is visible now).
      const again = await readHead(ownerId, key);
      if (again.first) {
        return { entry: again.first, reclaimed: 0 - again.first.amount, replayed: true };
      }
      return { entry: null, reclaimed: 0, replayed: false };
    }
    const gone = new Set(taken.map((l) => l.id));
    const entry: LedgerEntry = {
      id: randomUUID(),
      owner_id: ownerId,
      type: 'adjustment',
      // (0 - amount: a record of nothing taken says 0, not -0.)
      amount: 0 - amount,
      balance_after_transaction: w.balance - amount,
      description: owed
        ? input.description + fmt(creditsEs.reclaimDebtSuffix, { debt: owed })
        : input.description,
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
        // Credits given back with the money were never earned; those already spent are owed.
        deltas: { '#bal': -amount, '#te': -amount, ...(owed ? { '#debt': owed } : {}) },
        idempotency: { key, entry },
        removedLots: taken,
      });
      return { entry, reclaimed: amount, owed, replayed: false };
    } catch (err) {
      const reasons = cancellationReasons(err);
      if (reasons?.[reasons.length - 1]?.Code === 'ConditionalCheckFailed') continue; // repeat
      if (!isConditionFailed(err)) throw err;
    }
  }
  throw new AppError('CONFLICT', apiEs.conflict);
}

/**
 * The sum of one type's record amounts for a payment (its purchase: what it granted; 'expired':
 * what of it expired unused, negative). Settled records only: the caller settled first.
 */
async function recordsTotal(
  ownerId: string,
  type: 'purchase' | 'expired',
  paymentIntentId: string,
): Promise<number> {
  let total = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        FilterExpression: 'payment_intent_id = :pi',
        ExpressionAttributeValues: { ':pk': keys.txTypePk(ownerId, type), ':pi': paymentIntentId },
        ProjectionExpression: 'amount',
        ExclusiveStartKey: start,
      }),
      sdkOptions(),
    );
    for (const item of page.Items ?? []) total += Number(item.amount ?? 0);
    start = page.LastEvaluatedKey;
  } while (start);
  return total;
}
