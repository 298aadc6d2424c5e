import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { apiEs } from '../../shared/messages/api.es.js';
import { db, tableName } from '../platform/db.js';
import { beforeWork, sdkOptions } from '../platform/deadline.js';
import { AppError } from '../platform/errors.js';
import { iso, type LedgerEntry } from './entry.js';
import * as keys from './keys.js';
import { lotDescriptorPut, pinned } from './ledger-pinned.js';
import { cancellationReasons, type TransactItems, transact } from './ledger-send.js';
import { MAX_STEPS, settle, settleSoon } from './ledger-settle.js';
import type { Lot, LotTake } from './replay.js';
import { partOfTakes, restoreTakes } from './restore-lots.js';
import { readHead, readWalletItem, scoped } from './wallet.js';

/**
 * Gives a spend back (an order refunded after a rejection or a seal that could not be made):
 * the credits return to the lots they were taken from, with those lots' expiry and payment
 * (restore-lots.ts), as one 'refund' record listing the lots. Unlike a fresh grant, this keeps
 * the money trail: credits bought by card and refunded are still the card payment's credits,
 * so disputing that payment afterwards takes them back (reclaimGrant).
 *
 * A change on the wallet at rest (pinned to the seq read, like reclaimGrant), so the spend is
 * settled first and its record says which lots paid. `extra` writes land in the same
 * transaction (the order's end); when one of their conditions fails, `onConditionFailed()` is
 * thrown and nothing was given back. Idempotent by key: a repeat answers the first result.
 */
export interface RestoreInput {
  ownerId: string;
  /** The idempotency key the spend was made under (its IDEMP item names its record). */
  spendKey: string;
  /** What the spend paid for (the record's related_entity_id): the lookup when IDEMP is gone. */
  spentFor: string;
  idempotencyKey: string;
  description: string;
  related_entity_type: string;
  related_entity_id: string;
  /** Give back only this many credits of the spend (partOfTakes); absent: all of it. */
  credits?: number;
}

export interface RestoreExtra {
  items: TransactItems;
  onConditionFailed: () => Error;
}

/** DynamoDB's bound on one transaction. */
const MAX_TRANSACT_ITEMS = 100;

export async function restoreSpend(
  input: RestoreInput,
  nowEpoch: () => number,
  extra?: RestoreExtra,
): Promise<{ entry: LedgerEntry; replayed: boolean }> {
  const { ownerId, idempotencyKey: key } = input;
  for (let step = 0; step < MAX_STEPS; step++) {
    beforeWork();
    const head = await readHead(ownerId, key);
    if (head.first) return { entry: head.first, replayed: true };
    if (head.inFlux) continue;
    await settle(ownerId, nowEpoch);
    const now = nowEpoch();
    const w = await readWalletItem(ownerId);
    if (!w.exists) throw new Error(`ledger: no wallet to give a spend back to (${ownerId})`);
    if (w.journal.length || !w.current) continue;
    const spent = await spendTakes(ownerId, input.spendKey, input.spentFor);
    if (!spent?.length)
      throw new Error(`ledger: the spend ${input.spendKey} has no settled record`);
    const takes = input.credits === undefined ? spent : partOfTakes(spent, input.credits);
    const back = restoreTakes(w.lots, takes);
    const entry: LedgerEntry = {
      id: randomUUID(),
      owner_id: ownerId,
      type: 'refund',
      amount: back.total,
      balance_after_transaction: w.balance + back.total,
      description: input.description,
      currency_amount: null,
      currency_code: null,
      expires_at: null,
      related_entity_type: input.related_entity_type,
      related_entity_id: input.related_entity_id,
      payment_intent_id: null,
      created_at: iso(now),
    };
    // Wallet + record + IDEMP + the order's writes; recreated lots' descriptors when they fit.
    const fits = 3 + back.recreated.length + (extra?.items.length ?? 0) <= MAX_TRANSACT_ITEMS;
    try {
      await pinned(ownerId, w, now, {
        lots: back.lots,
        records: [{ entry, lots: takes }],
        // A spend given back was never used.
        deltas: { '#bal': back.total, '#tu': -back.total },
        idempotency: { key, entry },
        restoredLots: fits ? back.recreated : [],
        ...(extra ? { extra } : {}),
      });
    } catch (err) {
      // The wallet moved since our read, or this key's IDEMP item appeared: read again.
      if (cancellationReasons(err)?.some((r) => r.Code === 'ConditionalCheckFailed')) continue;
      throw err;
    }
    if (!fits) await putDescriptors(ownerId, back.recreated, entry.id);
    // A lot whose expiry passed while its credits were spent is voided now, as it would have been.
    if (back.lots.some((l) => l.expiresAt <= now)) await settleSoon(ownerId, nowEpoch);
    return { entry, replayed: false };
  }
  throw new AppError('CONFLICT', apiEs.conflict);
}

/** The lots a settled spend took: its record, found by the seq on its IDEMP item. */
async function spendTakes(
  ownerId: string,
  spendKey: string,
  spentFor: string,
): Promise<LotTake[] | undefined> {
  const idem = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.idempotency(scoped(ownerId, spendKey)),
      ConsistentRead: true,
      ProjectionExpression: 'seq',
    }),
    sdkOptions(),
  );
  const seq = Number(idem.Item?.seq ?? 0);
  if (seq > 0) {
    const rec = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.tx(ownerId, seq),
        ConsistentRead: true,
        ProjectionExpression: 'lots',
      }),
      sdkOptions(),
    );
    const lots = rec.Item?.lots as LotTake[] | undefined;
    if (lots) return lots;
  }
  // The IDEMP item expired (30 days) or predates its seq: the usage records, newest first.
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        FilterExpression: 'related_entity_id = :for',
        ExpressionAttributeValues: { ':pk': keys.txTypePk(ownerId, 'usage'), ':for': spentFor },
        ScanIndexForward: false,
        ExclusiveStartKey: start,
      }),
      sdkOptions(),
    );
    const found = page.Items?.find((i) => Array.isArray(i.lots));
    if (found) return found.lots as LotTake[];
    start = page.LastEvaluatedKey;
  } while (start);
  return undefined;
}

/** Descriptors that did not fit the transaction (a spend over very many lots). */
async function putDescriptors(ownerId: string, lots: readonly Lot[], entryId: string) {
  for (const lot of lots) {
    await transact([{ Put: lotDescriptorPut(ownerId, lot, lot.granted, entryId) }]);
  }
}
