import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { apiEs } from '../../shared/messages/api.es.js';
import { fmt } from '../../shared/messages/fmt.js';
import type { TransactionType } from '../../shared/rules/credits.js';
import { db, tableName } from '../platform/db.js';
import { beforeWork, pause, sdkOptions } from '../platform/deadline.js';
import { AppError } from '../platform/errors.js';
import { logger } from '../platform/logger.js';
import { iso, type LedgerEntry, toEntry } from './entry.js';
import { namesFor } from './expr.js';
import * as keys from './keys.js';
import { lotDescriptorPut } from './ledger-pinned.js';
import { cancellationReasons, isConditionFailed, sendWithRetries } from './ledger-send.js';
import { createWallet, settle, settleSoon } from './ledger-settle.js';
import type { Lot } from './replay.js';
import {
  JOURNAL_MAX,
  type JournalAttr,
  journalAttr,
  lotAttr,
  readHead,
  SETTLE_EVERY,
  slotOf,
} from './wallet.js';

/**
 * The credits ledger (docs/data-model.md, "Credits wallet"). One wallet per owner (`user:{sub}`
 * or `org:{id}`). A debit or grant is ONE conditional write on the wallet item: the balance
 * moves and the change enters the wallet's journal with its exact seq and balance after, both
 * computed by DynamoDB from the item as it is when the write lands (every right-hand side of an
 * update sees the item before it), so concurrent debits never invalidate one another and the
 * condition fails only when credits are short (or on a rare structural event: a lot due, the
 * journal full, a settlement racing a repeated key). Settlement (ledger-settle.ts) later turns
 * journal entries into ledger records, allocating each debit over the lots FIFO by expiry.
 */

export type { LedgerEntry } from './entry.js';
export { toEntry } from './entry.js';
export {
  expiringSoon,
  listTransactions,
  ownersWithExpiredLots,
  type TransactionPage,
} from './ledger-read.js';
export { reclaimGrant } from './ledger-reclaim.js';
export { restoreSpend } from './ledger-restore.js';
export { expireWallet } from './ledger-settle.js';

export interface WalletState {
  balance: number;
  totalEarned: number;
  totalUsed: number;
  totalExpired: number;
  /** Credits owed after a reversed card payment (spending is paused while above 0). */
  debt: number;
  /** Changes so far (the seq of the newest record). */
  version: number;
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

/**
 * Re-reads after a failed condition. Each is a real event (credits gone, a lot due, the journal
 * full, a settlement) and never another debit, so this bound is never reached in practice.
 */
const MAX_ROUNDS = 12;

export const insufficientCredits = () =>
  new AppError('INSUFFICIENT_CREDITS', apiEs.insufficientCredits);

/** A debt from a reversed card payment pauses spending until new credits pay it. */
export const spendingPaused = (debt: number) =>
  new AppError('INSUFFICIENT_CREDITS', fmt(apiEs.creditsDebt, { debt }));

export async function readWallet(ownerId: string): Promise<WalletState> {
  const res = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.balance(ownerId),
      ConsistentRead: true,
      ProjectionExpression: '#bal, #te, #tu, #tx, #debt, #seq, #ver, #fmt',
      ExpressionAttributeNames: namesFor({}, '#bal, #te, #tu, #tx, #debt, #seq, #ver, #fmt'),
    }),
    sdkOptions(),
  );
  const i = res.Item;
  return {
    balance: Number(i?.balance ?? 0),
    totalEarned: Number(i?.totalEarned ?? 0),
    totalUsed: Number(i?.totalUsed ?? 0),
    totalExpired: Number(i?.totalExpired ?? 0),
    debt: Number(i?.debt ?? 0),
    version: Number((i?.fmt ? i?.seq : i?.version) ?? 0),
  };
}

interface ChangeSpec {
  ownerId: string;
  idempotencyKey: string;
  permanent: boolean;
  /** Signed: negative for a debit. */
  amount: number;
  nowEpoch: () => number;
  entry: (now: number, id: string) => Omit<LedgerEntry, 'balance_after_transaction'>;
  /** Grants only: the lot they add. */
  lot?: Omit<Lot, 'remaining' | 'granted'>;
  extra?: ExtraWrites;
}

/**
 * One debit or grant: read the head (wallet figures + this key, one BatchGet), then ONE
 * conditional write. A repeated key answers the first result, wherever it is (journal or IDEMP).
 */
async function change(spec: ChangeSpec): Promise<LedgerResult> {
  const { ownerId, idempotencyKey: key, amount } = spec;
  const debit = amount < 0;
  const id = randomUUID();
  let debtSettled = false;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    beforeWork();
    const now = spec.nowEpoch();
    const head = await readHead(ownerId, key);
    if (head.first) return { entry: head.first, replayed: head.first.id !== id };
    if (head.inFlux) continue;
    const w = head.wallet;
    if (!w.exists) {
      if (debit) throw insufficientCredits();
      await createWallet(ownerId, now);
      continue;
    }
    if (debit && w.debt > 0) {
      // Credits that arrived since may pay it (settlement does): then the debit goes on.
      if (w.balance > 0 && !debtSettled) {
        debtSettled = true;
        await settle(ownerId, spec.nowEpoch);
        continue;
      }
      throw spendingPaused(w.debt);
    }
    if (debit && w.balance < -amount) throw insufficientCredits();
    // The slow path, for structural events only: a wallet of the first format, a lot due (a
    // debit must not be paid by it), a full journal. Settlement handles each, then we retry.
    if (!w.current || (debit && w.nextExpiryAt <= now)) {
      await settle(ownerId, spec.nowEpoch);
      continue;
    }
    if (w.seq - w.settledSeq >= JOURNAL_MAX - 1) {
      // Full: settle one chunk (racing settlers: one wins, the others wait a moment).
      await settle(ownerId, spec.nowEpoch, { steps: 1 });
      await pause(20 + Math.random() * 80);
      continue;
    }
    const entry = spec.entry(now, id);
    const lot = spec.lot
      ? { id: spec.lot.id, ...lotAttr({ ...spec.lot, granted: amount, remaining: amount }) }
      : undefined;
    const journal = journalAttr(key, entry, lot, spec.permanent);
    const update = journalUpdate({
      ownerId,
      key,
      amount,
      journal,
      now,
      epoch: w.epoch,
      nextExpiryAt: w.nextExpiryAt,
      lotExpiresAt: spec.lot?.expiresAt,
    });
    try {
      let seq: number;
      let entryOut: LedgerEntry;
      if (!spec.extra && !spec.lot) {
        // The common case: a plain UpdateItem, which never conflicts with other debits.
        const res = await sendWithRetries((o) =>
          db().send(
            new UpdateCommand({ TableName: tableName(), ...update, ReturnValues: 'UPDATED_NEW' }),
            o,
          ),
        );
        const attrs = res.Attributes ?? {};
        const slot = slotOf(key);
        seq = Number((attrs.js as Record<string, unknown>)[slot]);
        entryOut = toEntry({
          ...entry,
          balance_after_transaction: Number((attrs.jb as Record<string, unknown>)[slot]),
        });
      } else {
        const items: ExtraWrites['items'] = [{ Update: { TableName: tableName(), ...update } }];
        if (spec.lot) {
          items.push({
            Put: {
              ...lotDescriptorPut(ownerId, spec.lot, amount, entry.id),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          });
        }
        const fixed = items.length;
        items.push(...(spec.extra?.items ?? []));
        try {
          await sendWithRetries((o, token) =>
            db().send(
              new TransactWriteCommand({ TransactItems: items, ClientRequestToken: token }),
              o,
            ),
          );
        } catch (err) {
          const reasons = cancellationReasons(err);
          if (reasons?.slice(fixed).some((r) => r.Code === 'ConditionalCheckFailed')) {
            throw spec.extra?.onConditionFailed() ?? err;
          }
          throw err;
        }
        // A transaction returns no values: read back the seq and balance DynamoDB computed.
        const back = await readBack(ownerId, key, id);
        seq = back.seq;
        entryOut = back.entry;
      }
      // A grant to a wallet in debt pays it at once (settlement's second step).
      if (seq % SETTLE_EVERY === 0 || spec.lot) {
        await settleSoon(ownerId, spec.nowEpoch, spec.lot && w.debt > 0 ? 2 : 1);
      }
      return { entry: entryOut, replayed: false };
    } catch (err) {
      if (isConditionFailed(err)) continue;
      throw err;
    }
  }
  logger.warn('ledger: change gave up after repeated structural events', { rounds: MAX_ROUNDS });
  throw new AppError('CONFLICT', apiEs.conflict);
}

/** The seq and record of our own change, just written by a transaction. */
async function readBack(
  ownerId: string,
  key: string,
  id: string,
): Promise<{ seq: number; entry: LedgerEntry }> {
  for (let i = 0; i < 5; i++) {
    const head = await readHead(ownerId, key);
    if (head.first && head.first.id === id) {
      const inJournal = head.wallet.raw?.js as Record<string, unknown> | undefined;
      // Settled already (IDEMP): its seq no longer matters for the settle trigger.
      return { seq: Number(inJournal?.[slotOf(key)] ?? 1), entry: head.first };
    }
  }
  throw new Error(`ledger: change ${id} was written but cannot be read back`);
}

function journalUpdate(p: {
  ownerId: string;
  key: string;
  amount: number;
  journal: JournalAttr;
  now: number;
  epoch: number;
  nextExpiryAt: number;
  lotExpiresAt?: number;
}) {
  const debit = p.amount < 0;
  const abs = Math.abs(p.amount);
  const sign = debit ? '-' : '+';
  const sets = [
    `#bal = #bal ${sign} :a`,
    debit ? '#tu = #tu + :a' : '#te = #te + :a',
    '#seq = #seq + :one',
    '#j.#k = :entry',
    // Right-hand sides see the item before this update: the exact seq and balance after it.
    '#js.#k = #seq + :one',
    `#jb.#k = #bal ${sign} :a`,
    '#up = :nowIso',
  ];
  const conditions = [
    'attribute_exists(#fmt)',
    'attribute_not_exists(#j.#k)',
    // The key was settled after we read (its tombstone), or too many settlements passed to
    // tell: read again (a repeat then finds its IDEMP item).
    'attribute_not_exists(#jt.#k)',
    '#jf <= :ep',
    'size(#j) < :jmax',
  ];
  const values: Record<string, unknown> = {
    ':a': abs,
    ':one': 1,
    ':entry': p.journal,
    ':nowIso': iso(p.now),
    ':ep': p.epoch,
    ':jmax': JOURNAL_MAX,
  };
  if (debit) {
    // The only condition another debit can make fail: credits really short (or a debt
    // recorded meanwhile by a reversed payment).
    conditions.push('#bal >= :a', '#ne > :now', '(attribute_not_exists(#debt) OR #debt <= :zero)');
    values[':zero'] = 0;
    values[':now'] = p.now;
  } else {
    sets.push('#gs = #gs + :one');
    if (p.lotExpiresAt !== undefined) {
      values[':exp'] = p.lotExpiresAt;
      if (p.lotExpiresAt < p.nextExpiryAt) {
        sets.push('#ne = :exp');
        conditions.push('#ne > :exp');
      } else {
        conditions.push('#ne <= :exp');
      }
    }
  }
  const UpdateExpression = `SET ${sets.join(', ')}`;
  const ConditionExpression = conditions.join(' AND ');
  return {
    Key: keys.balance(p.ownerId),
    UpdateExpression,
    ConditionExpression,
    ExpressionAttributeNames: namesFor(
      { '#k': slotOf(p.key) },
      UpdateExpression,
      ConditionExpression,
    ),
    ExpressionAttributeValues: values,
  };
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

const details = (input: EntryDetails) => ({
  description: input.description,
  currency_amount: input.currency_amount ?? null,
  currency_code: input.currency_code ?? null,
  related_entity_type: input.related_entity_type ?? null,
  related_entity_id: input.related_entity_id ?? null,
  payment_intent_id: input.payment_intent_id ?? null,
});

/** Adds credits as a new lot. */
export function grant(
  input: GrantInput,
  nowEpoch: () => number,
  extra?: ExtraWrites,
): Promise<LedgerResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new RangeError('grant amount must be a positive whole number');
  }
  const lotId = randomUUID();
  return change({
    ownerId: input.ownerId,
    idempotencyKey: input.idempotencyKey,
    permanent: input.permanentKey ?? false,
    amount: input.amount,
    nowEpoch,
    extra,
    lot: {
      id: lotId,
      expiresAt: input.expiresAt,
      ...(input.payment_intent_id ? { paymentIntentId: input.payment_intent_id } : {}),
    },
    entry: (now, id) => ({
      id,
      owner_id: input.ownerId,
      type: input.type,
      amount: input.amount,
      ...details(input),
      expires_at: iso(input.expiresAt),
      created_at: iso(now),
    }),
  });
}

export interface SpendInput extends EntryDetails {
  ownerId: string;
  type?: Extract<TransactionType, 'usage' | 'adjustment'>;
  amount: number;
  idempotencyKey: string;
}

/** Takes credits (earliest-expiring lots first, at settlement); 'Créditos insuficientes' when short. */
export function spend(
  input: SpendInput,
  nowEpoch: () => number,
  extra?: ExtraWrites,
): Promise<LedgerResult> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new RangeError('spend amount must be a positive whole number');
  }
  return change({
    ownerId: input.ownerId,
    idempotencyKey: input.idempotencyKey,
    permanent: false,
    amount: -input.amount,
    nowEpoch,
    extra,
    entry: (now, id) => ({
      id,
      owner_id: input.ownerId,
      type: input.type ?? 'usage',
      amount: -input.amount,
      ...details(input),
      expires_at: null,
      created_at: iso(now),
    }),
  });
}
