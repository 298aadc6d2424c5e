import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { apiEs } from '../../shared/messages/api.es.js';
import type { TransactionType } from '../../shared/rules/credits.js';
import { allocateFifo } from '../../shared/rules/credits.js';
import { db, tableName } from '../platform/db.js';
import { AppError } from '../platform/errors.js';
import { logger } from '../platform/logger.js';
import * as keys from './keys.js';

/**
 * The credits ledger. One wallet per owner (`user:{sub}` or `org:{id}`), holding:
 *  - BALANCE: balance, totals and a version number every change bumps;
 *  - LOT#{expiresAt}#{id}: credits granted together, spent earliest-expiry first, deleted when
 *    empty or expired (the ledger record keeps the history);
 *  - TX#{createdAt}#{id}: one ledger record per change, with balance_after_transaction.
 *
 * Every change is ONE TransactWriteItems: the idempotency record (condition: new), the balance
 * (condition: version unchanged since read, so balance_after_transaction is exact and the
 * balance can never go below zero), the lots it touches (condition: as read) and the record.
 * A lost race re-reads and tries again; a repeated idempotency key returns the first result.
 */

export interface LedgerEntry {
  id: string;
  owner_id: string;
  type: TransactionType;
  /** Signed: negative for usage and expiry. */
  amount: number;
  balance_after_transaction: number;
  description: string;
  currency_amount: number | null;
  currency_code: string | null;
  expires_at: string | null;
  related_entity_type: string | null;
  related_entity_id: string | null;
  payment_intent_id: string | null;
  created_at: string;
}

export interface WalletState {
  balance: number;
  totalEarned: number;
  totalUsed: number;
  totalExpired: number;
  version: number;
}

interface LotItem {
  lotId: string;
  expiresAt: number;
  remaining: number;
  granted: number;
  sk: string;
  /** The card payment that bought this lot (reclaimGrant finds it by this). */
  paymentIntentId?: string;
}

export interface EntryDetails {
  description: string;
  currency_amount?: number | null;
  currency_code?: string | null;
  related_entity_type?: string | null;
  related_entity_id?: string | null;
  payment_intent_id?: string | null;
}

/** Extra writes that must happen in the same transaction (e.g. a feature subscription). */
export interface ExtraWrites {
  items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;
  /** The error to throw when one of these items' conditions fails. */
  onConditionFailed: () => Error;
}

export interface LedgerResult {
  entry: LedgerEntry;
  /** True when this call repeated an earlier one (same idempotency key): nothing changed. */
  replayed: boolean;
}

const MAX_ATTEMPTS = 60;
const IDEMPOTENCY_TTL_DAYS = 30;

export const insufficientCredits = () =>
  new AppError('INSUFFICIENT_CREDITS', apiEs.insufficientCredits);

export async function readWallet(ownerId: string): Promise<WalletState> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.balance(ownerId), ConsistentRead: true }),
  );
  return stateOf(res.Item);
}

function stateOf(item: Record<string, unknown> | undefined): WalletState {
  return {
    balance: Number(item?.balance ?? 0),
    totalEarned: Number(item?.totalEarned ?? 0),
    totalUsed: Number(item?.totalUsed ?? 0),
    totalExpired: Number(item?.totalExpired ?? 0),
    version: Number(item?.version ?? 0),
  };
}

/** The balance item and every live-or-not-yet-expired lot, in one consistent Query. */
async function readWalletAndLots(
  ownerId: string,
): Promise<{ state: WalletState; lots: LotItem[] }> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.walletPk(ownerId),
          ':from': keys.BALANCE_SK,
          ':to': keys.LOT_RANGE_END,
        },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start);
  const balanceItem = items.find((i) => i.sk === keys.BALANCE_SK);
  const lots = items
    .filter((i) => String(i.sk).startsWith(keys.LOT_PREFIX))
    .map((i) => ({
      lotId: String(i.lotId),
      expiresAt: Number(i.expiresAt),
      remaining: Number(i.remaining),
      granted: Number(i.granted),
      sk: String(i.sk),
      ...(typeof i.paymentIntentId === 'string' ? { paymentIntentId: i.paymentIntentId } : {}),
    }));
  return { state: stateOf(balanceItem), lots };
}

const iso = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

/** The record of a change; `version` is the wallet's version after it. */
function entryItem(entry: LedgerEntry, version: number, extra: Record<string, unknown> = {}) {
  return {
    ...keys.tx(entry.owner_id, version),
    ...keys.txByType(entry.owner_id, entry.type, version),
    entity: 'CreditTransaction',
    ...entry,
    ...extra,
  };
}

function balanceUpdate(ownerId: string, from: WalletState, to: WalletState, now: string) {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.balance(ownerId),
      UpdateExpression:
        'SET balance = :b, totalEarned = :te, totalUsed = :tu, totalExpired = :tx, version = :v, updatedAt = :now, ownerId = :o, entity = :e',
      // The version every change bumps: if anything moved since we read, try again.
      ConditionExpression: from.version === 0 ? 'attribute_not_exists(version)' : 'version = :prev',
      ExpressionAttributeValues: {
        ':b': to.balance,
        ':te': to.totalEarned,
        ':tu': to.totalUsed,
        ':tx': to.totalExpired,
        ':v': from.version + 1,
        ':now': now,
        ':o': ownerId,
        ':e': 'Wallet',
        ...(from.version === 0 ? {} : { ':prev': from.version }),
      },
    },
  };
}

function idempotencyPut(
  scopeKey: string,
  entry: LedgerEntry,
  nowEpoch: number,
  permanent: boolean,
) {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.idempotency(scopeKey),
        entity: 'Idempotency',
        // The first result itself, so a repeat answers exactly what the first call answered.
        entry,
        createdAt: iso(nowEpoch),
        ...(permanent ? {} : { ttl: nowEpoch + IDEMPOTENCY_TTL_DAYS * 86_400 }),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

type Reason = { Code?: string };

function cancellationReasons(err: unknown): Reason[] | undefined {
  const e = err as { name?: string; CancellationReasons?: Reason[] };
  if (e?.name !== 'TransactionCanceledException') return undefined;
  return e.CancellationReasons ?? [];
}

function isRetryableRace(err: unknown): boolean {
  const name = (err as { name?: string })?.name;
  return (
    name === 'TransactionConflictException' || name === 'ProvisionedThroughputExceededException'
  );
}

const pause = (attempt: number) =>
  new Promise((r) => setTimeout(r, Math.min(200, 5 * 2 ** Math.min(attempt, 5)) * Math.random()));

/** The entry an idempotency key already produced, if any. */
async function replayOf(scopeKey: string): Promise<LedgerEntry | undefined> {
  const res = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.idempotency(scopeKey),
      ConsistentRead: true,
    }),
  );
  const entry = res.Item?.entry as Record<string, unknown> | undefined;
  return entry ? toEntry(entry) : undefined;
}

export function toEntry(item: Record<string, unknown>): LedgerEntry {
  const n = (v: unknown) => (v === undefined || v === null ? null : Number(v));
  const s = (v: unknown) => (v === undefined || v === null ? null : String(v));
  return {
    id: String(item.id),
    owner_id: String(item.owner_id),
    type: item.type as TransactionType,
    amount: Number(item.amount),
    balance_after_transaction: Number(item.balance_after_transaction),
    description: String(item.description ?? ''),
    currency_amount: n(item.currency_amount),
    currency_code: s(item.currency_code),
    expires_at: s(item.expires_at),
    related_entity_type: s(item.related_entity_type),
    related_entity_id: s(item.related_entity_id),
    payment_intent_id: s(item.payment_intent_id),
    created_at: String(item.created_at),
  };
}

interface Plan {
  entry: LedgerEntry;
  items: ExtraWrites['items'];
}

/**
 * The retry loop every change goes through: read, plan the writes, commit them in one
 * transaction; on a lost race read again; on a repeated idempotency key answer the first result.
 */
async function commit(
  ownerId: string,
  idempotencyKey: string,
  permanentKey: boolean,
  nowEpoch: () => number,
  plan: (state: WalletState, lots: LotItem[], now: number) => Plan,
  extra?: ExtraWrites,
): Promise<LedgerResult> {
  const scopeKey = `${ownerId}#${idempotencyKey}`;
  // No read of the idempotency record up front: the transaction's own condition on it tells a
  // repeat apart (one round trip fewer on every first call, the common case).

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const now = nowEpoch();
    const { state, lots } = await readWalletAndLots(ownerId);
    if (lots.some((l) => l.expiresAt <= now)) {
      // Expired credits leave the balance before anything else happens (their own records).
      await expireWallet(ownerId, nowEpoch);
      continue;
    }
    let planned: Plan;
    try {
      planned = plan(state, lots, now);
    } catch (err) {
      // A repeat of a command that already went through may no longer be affordable now:
      // it answers the first result, not a refusal.
      const first = await replayOf(scopeKey);
      if (first) return { entry: first, replayed: true };
      throw err;
    }
    const { entry, items } = planned;
    const extraItems = extra?.items ?? [];
    const transactItems = [
      idempotencyPut(scopeKey, entry, now, permanentKey),
      ...items,
      ...extraItems,
    ];
    try {
      await db().send(new TransactWriteCommand({ TransactItems: transactItems }));
      return { entry, replayed: false };
    } catch (err) {
      const reasons = cancellationReasons(err);
      if (reasons) {
        if (reasons[0]?.Code === 'ConditionalCheckFailed') {
          const first = await replayOf(scopeKey);
          if (first) return { entry: first, replayed: true };
        }
        const extraStart = 1 + items.length;
        if (extra && reasons.slice(extraStart).some((r) => r.Code === 'ConditionalCheckFailed')) {
          throw extra.onConditionFailed();
        }
        await pause(attempt);
        continue;
      }
      if (isRetryableRace(err)) {
        await pause(attempt);
        continue;
      }
      throw err;
    }
  }
  logger.warn('ledger: gave up after repeated conflicts', { attempts: MAX_ATTEMPTS });
  throw new AppError('CONFLICT', apiEs.conflict);
}

export interface GrantInput extends EntryDetails {
  ownerId: string;
  type: Extract<TransactionType, 'purchase' | 'earned' | 'adjustment' | 'refund'>;
  amount: number;
  /** Epoch seconds after which these credits are void. */
  expiresAt: number;
  idempotencyKey: string;
  /** Keys for money received (payment intents) are kept forever, not 30 days. */
  permanentKey?: boolean;
}

/** Adds credits as a new lot. */
export function grant(input: GrantInput, nowEpoch: () => number, extra?: ExtraWrites) {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new RangeError('grant amount must be a positive whole number');
  }
  return commit(
    input.ownerId,
    input.idempotencyKey,
    input.permanentKey ?? false,
    nowEpoch,
    (state, _lots, now) => {
      const createdAt = iso(now);
      const lotId = randomUUID();
      const entry: LedgerEntry = {
        id: randomUUID(),
        owner_id: input.ownerId,
        type: input.type,
        amount: input.amount,
        balance_after_transaction: state.balance + input.amount,
        description: input.description,
        currency_amount: input.currency_amount ?? null,
        currency_code: input.currency_code ?? null,
        expires_at: iso(input.expiresAt),
        related_entity_type: input.related_entity_type ?? null,
        related_entity_id: input.related_entity_id ?? null,
        payment_intent_id: input.payment_intent_id ?? null,
        created_at: createdAt,
      };
      const next = {
        ...state,
        balance: state.balance + input.amount,
        totalEarned: state.totalEarned + input.amount,
      };
      return {
        entry,
        items: [
          balanceUpdate(input.ownerId, state, next, createdAt),
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.lot(input.ownerId, input.expiresAt, lotId),
                ...keys.lotExpiryIndex(input.ownerId, input.expiresAt, lotId),
                entity: 'CreditLot',
                ownerId: input.ownerId,
                lotId,
                expiresAt: input.expiresAt,
                granted: input.amount,
                remaining: input.amount,
                entryId: entry.id,
                ...(input.payment_intent_id ? { paymentIntentId: input.payment_intent_id } : {}),
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          { Put: { TableName: tableName(), Item: entryItem(entry, state.version + 1) } },
        ],
      };
    },
    extra,
  );
}

export interface SpendInput extends EntryDetails {
  ownerId: string;
  type?: Extract<TransactionType, 'usage' | 'adjustment'>;
  amount: number;
  idempotencyKey: string;
}

/** Takes credits from the earliest-expiring lots; 'Créditos insuficientes' when they fall short. */
export function spend(input: SpendInput, nowEpoch: () => number, extra?: ExtraWrites) {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new RangeError('spend amount must be a positive whole number');
  }
  return commit(
    input.ownerId,
    input.idempotencyKey,
    false,
    nowEpoch,
    (state, lots, now) => {
      const allocation = allocateFifo(
        lots.map((l) => ({ id: l.lotId, expiresAt: l.expiresAt, remaining: l.remaining })),
        input.amount,
        now,
      );
      if (!allocation || state.balance < input.amount) throw insufficientCredits();
      const createdAt = iso(now);
      const entry: LedgerEntry = {
        id: randomUUID(),
        owner_id: input.ownerId,
        type: input.type ?? 'usage',
        amount: -input.amount,
        balance_after_transaction: state.balance - input.amount,
        description: input.description,
        currency_amount: input.currency_amount ?? null,
        currency_code: input.currency_code ?? null,
        expires_at: null,
        related_entity_type: input.related_entity_type ?? null,
        related_entity_id: input.related_entity_id ?? null,
        payment_intent_id: input.payment_intent_id ?? null,
        created_at: createdAt,
      };
      const next = {
        ...state,
        balance: state.balance - input.amount,
        totalUsed: state.totalUsed + input.amount,
      };
      const lotWrites = allocation.map((a) => {
        const key = keys.lot(input.ownerId, a.expiresAt, a.lotId);
        const condition = {
          ConditionExpression: 'remaining = :had',
          ExpressionAttributeValues: { ':had': a.had } as Record<string, unknown>,
        };
        if (a.take === a.had) return { Delete: { TableName: tableName(), Key: key, ...condition } };
        return {
          Update: {
            TableName: tableName(),
            Key: key,
            UpdateExpression: 'SET remaining = :left',
            ...condition,
            ExpressionAttributeValues: { ':had': a.had, ':left': a.had - a.take },
          },
        };
      });
      return {
        entry,
        items: [
          balanceUpdate(input.ownerId, state, next, createdAt),
          ...lotWrites,
          {
            Put: {
              TableName: tableName(),
              // Which lots paid, so a refund can give the credits back with their expiry.
              Item: entryItem(entry, state.version + 1, {
                lots: allocation.map((a) => ({ expiresAt: a.expiresAt, take: a.take })),
              }),
            },
          },
        ],
      };
    },
    extra,
  );
}

/**
 * Voids every lot of the wallet whose expiry has passed, one transaction and one 'expired'
 * record per lot. Safe to run twice or concurrently: each lot can be deleted only once.
 */
export async function expireWallet(ownerId: string, nowEpoch: () => number): Promise<number> {
  let expired = 0;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const now = nowEpoch();
    const { state, lots } = await readWalletAndLots(ownerId);
    const due = lots.filter((l) => l.expiresAt <= now).sort((a, b) => a.expiresAt - b.expiresAt);
    const lot = due[0];
    if (!lot) return expired;
    const createdAt = iso(now);
    const amount = Math.min(lot.remaining, state.balance);
    const entry: LedgerEntry = {
      id: randomUUID(),
      owner_id: ownerId,
      type: 'expired',
      amount: -amount,
      balance_after_transaction: state.balance - amount,
      description: 'Créditos vencidos',
      currency_amount: null,
      currency_code: null,
      expires_at: iso(lot.expiresAt),
      related_entity_type: 'credit_lot',
      related_entity_id: lot.lotId,
      payment_intent_id: null,
      created_at: createdAt,
    };
    const next = {
      ...state,
      balance: state.balance - amount,
      totalExpired: state.totalExpired + amount,
    };
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            balanceUpdate(ownerId, state, next, createdAt),
            {
              Delete: {
                TableName: tableName(),
                Key: keys.lot(ownerId, lot.expiresAt, lot.lotId),
                ConditionExpression: 'remaining = :had',
                ExpressionAttributeValues: { ':had': lot.remaining },
              },
            },
            { Put: { TableName: tableName(), Item: entryItem(entry, state.version + 1) } },
          ],
        }),
      );
      expired += amount;
      attempt = -1; // progress made: the next lot gets a fresh retry budget
    } catch (err) {
      if (cancellationReasons(err) || isRetryableRace(err)) {
        await pause(Math.max(attempt, 0));
        continue;
      }
      throw err;
    }
  }
  throw new AppError('CONFLICT', apiEs.conflict);
}

/** Live credits expiring within `withinSeconds` from now. */
export async function expiringSoon(
  ownerId: string,
  now: number,
  withinSeconds: number,
): Promise<number> {
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
  );
  return (res.Items ?? []).reduce((sum, i) => sum + Number(i.remaining ?? 0), 0);
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

/** The wallet's ledger, newest first, optionally one type only. */
export async function listTransactions(
  ownerId: string,
  opts: { type?: TransactionType; limit: number; cursor?: string },
): Promise<TransactionPage> {
  const start = opts.cursor ? decodeCursor(opts.cursor, ownerId, opts.type) : undefined;
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
  );
  return {
    transactions: (res.Items ?? []).map(toEntry),
    nextCursor: encodeCursor(res.LastEvaluatedKey),
  };
}

// ——— reclaimGrant (refunds and disputes, issue 10 item 5) ———

/** The plan found no credit of that payment left to take back. */
class NothingToReclaim extends Error {}

/**
 * Takes back the still-unspent, unexpired credits of the lot(s) granted with a card payment
 * (a refund or a dispute of it), as ONE 'adjustment' record: the lots are deleted (condition:
 * as read) and the balance and `totalEarned` go down by what was left in them. Credits already
 * spent stay spent. Idempotent by `idempotencyKey` (kept forever: money); nothing left answers
 * `{ entry: null, reclaimed: 0 }` and writes nothing.
 */
export async function reclaimGrant(
  input: { ownerId: string; paymentIntentId: string; idempotencyKey: string; description: string },
  nowEpoch: () => number,
): Promise<{ entry: LedgerEntry | null; reclaimed: number; replayed: boolean }> {
  try {
    const { entry, replayed } = await commit(
      input.ownerId,
      input.idempotencyKey,
      true,
      nowEpoch,
      (state, lots, now) => {
        const mine = lots.filter(
          (l) =>
            l.paymentIntentId === input.paymentIntentId && l.remaining > 0 && l.expiresAt > now,
        );
        const amount = Math.min(
          mine.reduce((sum, l) => sum + l.remaining, 0),
          state.balance,
        );
        if (amount <= 0) throw new NothingToReclaim();
        const createdAt = iso(now);
        const entry: LedgerEntry = {
          id: randomUUID(),
          owner_id: input.ownerId,
          type: 'adjustment',
          amount: -amount,
          balance_after_transaction: state.balance - amount,
          description: input.description,
          currency_amount: null,
          currency_code: null,
          expires_at: null,
          related_entity_type: 'payment_intent',
          related_entity_id: input.paymentIntentId,
          payment_intent_id: input.paymentIntentId,
          created_at: createdAt,
        };
        const next = {
          ...state,
          balance: state.balance - amount,
          totalEarned: state.totalEarned - amount,
        };
        return {
          entry,
          items: [
            balanceUpdate(input.ownerId, state, next, createdAt),
            ...mine.map((l) => ({
              Delete: {
                TableName: tableName(),
                Key: keys.lot(input.ownerId, l.expiresAt, l.lotId),
                ConditionExpression: 'remaining = :had',
                ExpressionAttributeValues: { ':had': l.remaining },
              },
            })),
            {
              Put: {
                TableName: tableName(),
                Item: entryItem(entry, state.version + 1, {
                  lots: mine.map((l) => ({ expiresAt: l.expiresAt, take: l.remaining })),
                }),
              },
            },
          ],
        };
      },
    );
    return { entry, reclaimed: -entry.amount, replayed };
  } catch (err) {
    if (err instanceof NothingToReclaim) return { entry: null, reclaimed: 0, replayed: false };
    throw err;
  }
}
