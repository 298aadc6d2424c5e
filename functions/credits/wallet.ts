import { createHash } from 'node:crypto';
import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactionType } from '../../shared/rules/credits.js';
import { db, tableName } from '../platform/db.js';
import { sdkOptions } from '../platform/deadline.js';
import { iso, type LedgerEntry, toEntry } from './entry.js';
import * as keys from './keys.js';
import { type JournalChange, type Lot, NO_EXPIRY } from './replay.js';

/**
 * The wallet item (WALLET#{owner} / BALANCE) and the items settlement writes. Format 2 (`fmt`):
 *
 *   balance, totalEarned, totalUsed, totalExpired   the figures, exact at every moment
 *   debt         credits owed after a card payment was reversed once its credits were spent;
 *                debits are refused while it is above 0, settlement pays it from new credits
 *   seq          changes so far; change n is the ledger record TX#{n}
 *   settledSeq   every change up to it has its TX record; the ones after wait in the journal
 *   j / js / jb  the journal: per idempotency key, the change's record, seq and balance after
 *   lots         settled lots: id → { e: expiresAt, r: remaining, g: granted, pi? }
 *   nextExpiryAt the earliest expiry of any lot (settled or in the journal): debits need it > now
 *   epoch        settlements so far; jt holds the keys the last ones settled (tombstones) and
 *                jtFloor the epoch from which jt is complete
 *   gseq         grants so far (settlement is conditioned on it: see ledger-settle.ts)
 *
 * docs/data-model.md explains the design and its invariants.
 */

export const WALLET_FORMAT = 2;
/**
 * A debit or grant refuses to add to a journal this long: settlement comes first. Above any
 * burst we expect on one wallet (150 at once is the test), so a burst never waits for
 * settlement; at ~300 bytes an entry the wallet item stays under 100 KB of DynamoDB's 400 KB.
 */
export const JOURNAL_MAX = 250;
/** The change whose seq is a multiple of this settles the journal before it answers. */
export const SETTLE_EVERY = 25;
/** Changes per settlement transaction: 1 wallet item + 2 items each, under DynamoDB's 100. */
export const SETTLE_CHUNK = 45;
/** Settlements whose keys stay as tombstones (see the spend's condition in ledger.ts). */
export const TOMBSTONE_EPOCHS = 6;
const IDEMPOTENCY_TTL_DAYS = 30;

type LotAttr = { e: number; r: number; g: number; pi?: string };

/**
 * A journal entry as stored in the wallet item: short names, no nulls, no owner (the wallet's),
 * because every debit rewrites the whole item (DynamoDB bills writes by item size).
 */
interface JournalAttr {
  /** The idempotency key. */
  k: string;
  i: string;
  t: TransactionType;
  a: number;
  d: string;
  at: string;
  ca?: number;
  cc?: string;
  ex?: string;
  rt?: string;
  ri?: string;
  pi?: string;
  lot?: LotAttr & { id: string };
  perm?: true;
}

/** The journal's map key for an idempotency key: short, so the item stays small. */
export const slotOf = (key: string) =>
  createHash('sha256').update(key).digest('base64url').slice(0, 16);

export function journalAttr(
  key: string,
  entry: Omit<LedgerEntry, 'balance_after_transaction'>,
  lot: (LotAttr & { id: string }) | undefined,
  permanent: boolean,
): JournalAttr {
  const out: JournalAttr = {
    k: key,
    i: entry.id,
    t: entry.type,
    a: entry.amount,
    d: entry.description,
    at: entry.created_at,
  };
  if (entry.currency_amount !== null) out.ca = entry.currency_amount;
  if (entry.currency_code !== null) out.cc = entry.currency_code;
  if (entry.expires_at !== null) out.ex = entry.expires_at;
  if (entry.related_entity_type !== null) out.rt = entry.related_entity_type;
  if (entry.related_entity_id !== null) out.ri = entry.related_entity_id;
  if (entry.payment_intent_id !== null) out.pi = entry.payment_intent_id;
  if (lot) out.lot = lot;
  if (permanent) out.perm = true;
  return out;
}

export interface Wallet {
  exists: boolean;
  /** False for a wallet written by the first ledger (version + LOT items): upgraded on settle. */
  current: boolean;
  balance: number;
  totalEarned: number;
  totalUsed: number;
  totalExpired: number;
  /** Credits owed: spent credits of a card payment later reversed. Spending waits for it. */
  debt: number;
  seq: number;
  settledSeq: number;
  epoch: number;
  gseq: number;
  jtFloor: number;
  nextExpiryAt: number;
  lots: Lot[];
  journal: JournalChange[];
  /** Tombstones: slot → epoch of the settlement that moved it out of the journal. */
  tombstones: Record<string, number>;
  raw: Record<string, unknown> | undefined;
}

const num = (v: unknown, fallback = 0) => (v === undefined || v === null ? fallback : Number(v));

export function lotFromAttr(id: string, a: LotAttr): Lot {
  return {
    id,
    expiresAt: Number(a.e),
    remaining: Number(a.r),
    granted: Number(a.g),
    ...(a.pi ? { paymentIntentId: String(a.pi) } : {}),
  };
}

export function lotAttr(l: Lot): LotAttr {
  return {
    e: l.expiresAt,
    r: l.remaining,
    g: l.granted,
    ...(l.paymentIntentId ? { pi: l.paymentIntentId } : {}),
  };
}

export function lotsAttr(lots: readonly Lot[]): Record<string, LotAttr> {
  return Object.fromEntries(lots.map((l) => [l.id, lotAttr(l)]));
}

function journalChange(slot: string, item: Record<string, unknown>): JournalChange | undefined {
  const j = (item.j as Record<string, JournalAttr> | undefined)?.[slot];
  const seq = (item.js as Record<string, unknown> | undefined)?.[slot];
  const bal = (item.jb as Record<string, unknown> | undefined)?.[slot];
  if (!j || seq === undefined || bal === undefined) return undefined;
  return {
    key: j.k,
    slot,
    seq: Number(seq),
    balanceAfter: Number(bal),
    entry: toEntry({
      id: j.i,
      owner_id: item.ownerId,
      type: j.t,
      amount: j.a,
      balance_after_transaction: 0,
      description: j.d,
      currency_amount: j.ca,
      currency_code: j.cc,
      expires_at: j.ex,
      related_entity_type: j.rt,
      related_entity_id: j.ri,
      payment_intent_id: j.pi,
      created_at: j.at,
    }),
    ...(j.lot ? { lot: lotFromAttr(j.lot.id, j.lot) } : {}),
    permanent: j.perm === true,
  };
}

export function walletOf(item: Record<string, unknown> | undefined): Wallet {
  const journal = Object.keys((item?.j as object | undefined) ?? {})
    .map((k) => journalChange(k, item as Record<string, unknown>))
    .filter((c): c is JournalChange => c !== undefined)
    .sort((a, b) => a.seq - b.seq);
  const lots = Object.entries((item?.lots as Record<string, LotAttr> | undefined) ?? {}).map(
    ([id, a]) => lotFromAttr(id, a),
  );
  const current = item?.fmt === WALLET_FORMAT;
  return {
    exists: item !== undefined,
    current,
    balance: num(item?.balance),
    totalEarned: num(item?.totalEarned),
    totalUsed: num(item?.totalUsed),
    totalExpired: num(item?.totalExpired),
    debt: num(item?.debt),
    // The first ledger's `version` was its change count: the same numbering as seq.
    seq: current ? num(item?.seq) : num(item?.version),
    settledSeq: current ? num(item?.settledSeq) : num(item?.version),
    epoch: num(item?.epoch),
    gseq: num(item?.gseq),
    jtFloor: num(item?.jtFloor),
    nextExpiryAt: num(item?.nextExpiryAt, NO_EXPIRY),
    lots,
    journal,
    tombstones: Object.fromEntries(
      Object.entries((item?.jt as Record<string, unknown> | undefined) ?? {}).map(([k, v]) => [
        k,
        Number(v),
      ]),
    ),
    raw: item,
  };
}

/** The whole wallet item, consistently read. */
export async function readWalletItem(ownerId: string): Promise<Wallet> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.balance(ownerId), ConsistentRead: true }),
    sdkOptions(),
  );
  return walletOf(res.Item);
}

/** What a debit or grant needs to decide, for one idempotency key: one round trip. */
export interface Head {
  wallet: Wallet;
  /** The change this key already made, settled (IDEMP item) or still in the journal. */
  first?: LedgerEntry;
  /** The key was settled but its IDEMP item was not visible yet: read again. */
  inFlux: boolean;
}

/**
 * The wallet's figures plus everything about one key, in ONE consistent BatchGet of the wallet
 * and the key's IDEMP item (projected: the journal's other entries are not read).
 */
export async function readHead(ownerId: string, key: string): Promise<Head> {
  const walletKey = keys.balance(ownerId);
  const slot = slotOf(key);
  const idemKey = keys.idempotency(scoped(ownerId, key));
  const request = {
    RequestItems: {
      [tableName()]: {
        Keys: [walletKey, idemKey],
        ConsistentRead: true,
        ProjectionExpression:
          'pk, sk, ownerId, fmt, balance, totalEarned, totalUsed, totalExpired, seq, settledSeq, ' +
          'epoch, gseq, jtFloor, nextExpiryAt, version, debt, j.#k, js.#k, jb.#k, jt.#k, entry',
        ExpressionAttributeNames: { '#k': slot },
      },
    },
  };
  const found: Record<string, unknown>[] = [];
  let pending: typeof request.RequestItems | undefined = request.RequestItems;
  while (pending && Object.keys(pending).length) {
    const res = await db().send(new BatchGetCommand({ RequestItems: pending }), sdkOptions());
    found.push(...(res.Responses?.[tableName()] ?? []));
    pending = res.UnprocessedKeys as typeof request.RequestItems | undefined;
  }
  const walletItem = found.find((i) => i.sk === walletKey.sk && i.pk === walletKey.pk);
  const idemItem = found.find((i) => i.pk === idemKey.pk);
  const wallet = walletOf(walletItem);
  const inJournal = walletItem ? journalChange(slot, walletItem) : undefined;
  const entry = idemItem?.entry as Record<string, unknown> | undefined;
  const first = entry
    ? toEntry(entry)
    : inJournal
      ? { ...inJournal.entry, balance_after_transaction: inJournal.balanceAfter }
      : undefined;
  const tombstones = (walletItem?.jt as object | undefined) ?? {};
  const inFlux = !first && Object.hasOwn(tombstones, slot);
  return { wallet, first, inFlux };
}

/** Idempotency keys are per wallet: the same key in two wallets is two commands. */
export const scoped = (ownerId: string, key: string) => `${ownerId}#${key}`;

/** The ledger record of a settled change. */
export function recordItem(entry: LedgerEntry, seq: number, lots?: unknown) {
  return {
    ...keys.tx(entry.owner_id, seq),
    ...keys.txByType(entry.owner_id, entry.type, seq),
    entity: 'CreditTransaction',
    ...entry,
    ...(lots ? { lots } : {}),
  };
}

/** The first result of a command, kept so a repeat answers exactly it. */
export function idempotencyItem(
  ownerId: string,
  key: string,
  entry: LedgerEntry,
  nowEpoch: number,
  permanent: boolean,
  /** The record's seq (settlement knows it): a refund finds the spend's record by it. */
  seq?: number,
) {
  return {
    ...keys.idempotency(scoped(ownerId, key)),
    entity: 'Idempotency',
    entry,
    ...(seq ? { seq } : {}),
    createdAt: iso(nowEpoch),
    ...(permanent ? {} : { ttl: nowEpoch + IDEMPOTENCY_TTL_DAYS * 86_400 }),
  };
}

/** A new, empty wallet in the current format. */
export function emptyWalletItem(ownerId: string, now: string) {
  return {
    ...keys.balance(ownerId),
    entity: 'Wallet',
    ownerId,
    fmt: WALLET_FORMAT,
    balance: 0,
    totalEarned: 0,
    totalUsed: 0,
    totalExpired: 0,
    seq: 0,
    settledSeq: 0,
    epoch: 0,
    gseq: 0,
    jtFloor: 0,
    nextExpiryAt: NO_EXPIRY,
    lots: {},
    j: {},
    js: {},
    jb: {},
    jt: {},
    updatedAt: now,
  };
}

export type { JournalAttr, LotAttr };
