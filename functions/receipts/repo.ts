import { createHash } from 'node:crypto';
import { QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Receipt } from '../../shared/contract/receipts.js';
import { apiEs } from '../../shared/messages/api.es.js';
import { receiptNumber } from '../../shared/rules/money.js';
import { outboxPut } from '../mail/outbox.js';
import {
  db,
  getRecord,
  isConditionFailure,
  queryAll,
  tableName,
  withoutKeys,
} from '../platform/db.js';
import { beforeWrite, sdkOptions } from '../platform/deadline.js';
import { AppError } from '../platform/errors.js';
import type { Mail } from '../platform/mail.js';

/**
 * Receipts (docs/data-model.md "Receipts"). The only place that builds their keys:
 *
 *   RECEIPT#{id} / RECEIPT       one receipt; gsi1 USER#{sub}#RECEIPTS / {issued_at}#{id} (the
 *                                owner's list), gsi2 ORDER#{orderId}#RECEIPTS / {issued_at}
 *                                (an order's payment and refund receipts)
 *   RECEIPTSEQ / RECEIPTSEQ      the last receipt number given (`seq`)
 *
 * A receipt's id is derived from its payment's reference (`pi:{id}`, `order:{id}`,
 * `refund:{pi}`, `restore:{orderId}`), so one payment can only ever have one receipt: the put
 * is conditioned on the id being new.
 */
export type StoredReceipt = Receipt & { user_sub: string; ref: string; mailed_at?: string };

export const receiptIdOf = (ref: string) =>
  createHash('sha256').update(`receipt:${ref}`).digest('hex').slice(0, 32);

const receiptKey = (id: string) => ({ pk: `RECEIPT#${id}`, sk: 'RECEIPT' });
const ownerPk = (sub: string) => `USER#${sub}#RECEIPTS`;
const orderPk = (orderId: string) => `ORDER#${orderId}#RECEIPTS`;
const SEQ_KEY = { pk: 'RECEIPTSEQ', sk: 'RECEIPTSEQ' };

/** Receipt ids are 32 hex characters: anything else is no receipt (and never reaches a read). */
export const plausibleReceiptId = (id: string) => /^[0-9a-f]{32}$/.test(id);

export const getReceipt = (id: string) => getRecord<StoredReceipt>(receiptKey(id));

/** What to store: everything but the number, which the transaction gives. */
export type ReceiptDraft = Omit<StoredReceipt, 'id' | 'number' | 'mailed_at'>;

/** The counter moved, or this very receipt was issued meanwhile: read again and retry. */
const MAX_ROUNDS = 40;

const pause = (round: number) =>
  new Promise((r) => setTimeout(r, Math.min(250, 5 * 2 ** Math.min(round, 6)) * Math.random()));

/**
 * Issues the receipt of one payment, exactly once: ONE transaction moves the receipt counter
 * from the value read (so numbers never repeat), puts the receipt (condition: its id, derived
 * from the payment's reference, is new) and its e-mail in the mail outbox. Concurrent callers
 * for the same payment (repeated webhooks) all end with the one receipt; for different payments
 * they take turns on the counter. `mail` is rendered from the numbered receipt.
 */
export async function issueReceipt(
  draft: ReceiptDraft,
  mail: (receipt: StoredReceipt) => Mail,
  now: Date,
): Promise<{ receipt: StoredReceipt; created: boolean }> {
  const id = receiptIdOf(draft.ref);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const existing = await getReceipt(id);
    if (existing) return { receipt: existing, created: false };
    const seq = (await getRecord<{ seq: number }>(SEQ_KEY))?.seq ?? 0;
    const receipt: StoredReceipt = { ...draft, id, number: receiptNumber(seq + 1) };
    beforeWrite();
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: SEQ_KEY,
                UpdateExpression: 'SET seq = :next',
                ConditionExpression: seq === 0 ? 'attribute_not_exists(seq)' : 'seq = :cur',
                ExpressionAttributeValues: {
                  ':next': seq + 1,
                  ...(seq === 0 ? {} : { ':cur': seq }),
                },
              },
            },
            {
              Put: {
                TableName: tableName(),
                Item: {
                  ...receiptKey(id),
                  type: 'Receipt',
                  gsi1pk: ownerPk(draft.user_sub),
                  gsi1sk: `${draft.issued_at}#${id}`,
                  ...(draft.order_id
                    ? { gsi2pk: orderPk(draft.order_id), gsi2sk: draft.issued_at }
                    : {}),
                  ...receipt,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            outboxPut(mail(receipt), { kind: 'receipt', receipt_id: id }, now),
          ],
        }),
        sdkOptions(),
      );
      return { receipt, created: true };
    } catch (err) {
      const name = (err as { name?: string })?.name;
      if (!isConditionFailure(err) && name !== 'TransactionConflictException') throw err;
      await pause(round);
    }
  }
  throw new Error(`receipt ${id} not issued after repeated conflicts`);
}

/** The outbox sent the receipt's e-mail: recorded on the receipt (in the outbox's transaction). */
export function receiptMailedUpdate(id: string, at: string) {
  return {
    Update: {
      TableName: tableName(),
      Key: receiptKey(id),
      UpdateExpression: 'SET mailed_at = if_not_exists(mailed_at, :at)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': at },
    },
  };
}

/** Opaque page cursors: the last key, base64url JSON, checked to be one of this owner's. */
function decodeCursor(cursor: string, sub: string): Record<string, unknown> {
  const bad = () => new AppError('VALIDATION', apiEs.validation, { cursor: apiEs.validation });
  let key: Record<string, unknown>;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw bad();
  }
  const ok =
    key !== null &&
    typeof key === 'object' &&
    key.gsi1pk === ownerPk(sub) &&
    typeof key.gsi1sk === 'string' &&
    typeof key.pk === 'string' &&
    key.sk === 'RECEIPT' &&
    Object.keys(key).length === 4;
  if (!ok) throw bad();
  return key;
}

/** The owner's receipts, newest first, cursor-paged. */
export async function listReceipts(
  sub: string,
  opts: { limit: number; cursor?: string },
): Promise<{ receipts: StoredReceipt[]; nextCursor: string | null }> {
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': ownerPk(sub) },
      ScanIndexForward: false,
      Limit: opts.limit,
      ...(opts.cursor ? { ExclusiveStartKey: decodeCursor(opts.cursor, sub) } : {}),
    }),
    sdkOptions(),
  );
  return {
    receipts: (res.Items ?? []).map((i) => withoutKeys<StoredReceipt>(i)),
    nextCursor: res.LastEvaluatedKey
      ? Buffer.from(JSON.stringify(res.LastEvaluatedKey)).toString('base64url')
      : null,
  };
}

/** One order's receipts (its payment, a refund), oldest first; only the owner's. */
export async function listOrderReceipts(orderId: string, sub: string): Promise<StoredReceipt[]> {
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': orderPk(orderId) },
      Limit: 20,
    }),
    sdkOptions(),
  );
  return (res.Items ?? [])
    .map((i) => withoutKeys<StoredReceipt>(i))
    .filter((r) => r.user_sub === sub);
}

/** Receipt numbers given so far (the counter as stored). */
export async function receiptSequence(): Promise<number> {
  return (await getRecord<{ seq: number }>(SEQ_KEY))?.seq ?? 0;
}

/**
 * The account's deletion (functions/account/deletion.ts): receipts stay (accounting records,
 * like the orders they are about), their buyer's billing data replaced by the pseudonym.
 */
export async function pseudonymiseReceipts(sub: string, pseudonym: string): Promise<void> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': ownerPk(sub) },
    ProjectionExpression: 'pk, sk',
  });
  const billing: Receipt['billing'] = {
    name: pseudonym,
    email: '',
    company: null,
    address: null,
    city: null,
    region: null,
    country_id: null,
  };
  for (const item of items) {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: 'SET billing = :b',
        ConditionExpression: 'attribute_exists(pk) AND user_sub = :sub',
        ExpressionAttributeValues: { ':b': billing, ':sub': sub },
      }),
    );
  }
}
