import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { apiEs } from '../../shared/messages/api.es.js';
import type { TransactionType } from '../../shared/rules/credits.js';
import { db, queryAll, tableName } from '../platform/db.js';
import { sdkOptions } from '../platform/deadline.js';
import { AppError } from '../platform/errors.js';
import { type LedgerEntry, toEntry } from './entry.js';
import * as keys from './keys.js';
import { settle } from './ledger-settle.js';
import { replay } from './replay.js';
import { readWalletItem } from './wallet.js';

/**
 * Reads of the ledger: the history's pages (settled first, so every change shows with its exact
 * place and balance), the credits expiring soon and the owners the expiry job must visit.
 */

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
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :after',
    ExpressionAttributeValues: {
      ':pk': keys.LOT_EXPIRY_PK,
      ':after': keys.lotExpiryAfter(now),
    },
  });
  return [...new Set(items.map((item) => String(item.ownerId)))];
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
