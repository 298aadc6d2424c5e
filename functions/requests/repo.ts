import { randomBytes } from 'node:crypto';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { DocumentKind } from '../../shared/contract/documents.js';
import type { RequestSigner, SavedSigner } from '../../shared/contract/requests.js';
import { ordersEs } from '../../shared/messages/orders.es.js';
import { db, isConditionFailure, tableName } from '../platform/db.js';
import { beforeWrite } from '../platform/deadline.js';
import { AppError } from '../platform/errors.js';

/**
 * Signing requests and saved signers (docs/drafts/requests-data-model.md). The only file that
 * builds their keys:
 *
 *   REQ#{id} / META                      the request (wizard state, signers inline, version)
 *     gsi1: USER#{sub}#REQ#{status} / {updated_at}#{id}
 *           pending = the cart (newest first with ScanIndexForward false); paid after payment
 *   USER#{sub} / SAVEDSIGNER#{email}     a saved signer (one per e-mail and user)
 *
 * Signers live inside the request item (at most 10, a few hundred bytes each): one GetItem
 * reads the whole wizard state and one conditional write saves it, so the version guards
 * signers, services and delivery together.
 */
export type RequestStatus = 'pending' | 'paid';

export interface RequestItem {
  id: string;
  /** Human-readable label ('SOL-' + 8 Crockford base32 characters); lookups use `id`. */
  request_number: string;
  user_sub: string;
  status: RequestStatus;
  country_id: string;
  currency_code: string;
  document_id: string | null;
  document_name: string | null;
  document_size: number | null;
  document_kind: DocumentKind | null;
  /** SHA-256 of the document's checked bytes (documents/stored-file.ts); the order cites it. */
  document_sha256?: string | null;
  title: string | null;
  notarial_service_id: string | null;
  signature_service_id: string | null;
  signers: RequestSigner[];
  signers_count: number;
  /** true: delivered to the signers; false: only to the requester; null: not chosen yet. */
  delivery_options: boolean | null;
  /** 'Firmar en orden' (issue 12): absent on requests saved before it existed = false. */
  sign_in_order?: boolean;
  signature_overall_status: string;
  sign_count: number;
  associated_order_number: string | null;
  order_id: string | null;
  /** The card payment currently prepared for this request, if any (checkout). */
  payment_intent_id: string | null;
  created_at: string;
  updated_at: string;
  /** +1 on every write; every write is conditioned on the version it read (optimistic lock). */
  version: number;
  /**
   * The credits payment attempt that holds the request (claimForCredits): only its order
   * transaction may mark the request paid. Not a wizard edit: the version does not move.
   */
  pay_attempt?: string;
  /**
   * Until when (epoch ms) that attempt may still be working: its request's deadline. Another
   * attempt takes the request over only after it (claimForCredits), so parallel clicks wait for
   * the one holding it instead of fencing each other off in turn.
   */
  pay_attempt_until?: number;
}

/** Fields the wizard's saves may change (the rest belong to creation, checkout and payment). */
export type RequestChanges = Partial<
  Pick<
    RequestItem,
    | 'country_id'
    | 'currency_code'
    | 'document_id'
    | 'document_name'
    | 'document_size'
    | 'document_kind'
    | 'document_sha256'
    | 'title'
    | 'notarial_service_id'
    | 'signature_service_id'
    | 'signers'
    | 'signers_count'
    | 'delivery_options'
    | 'sign_in_order'
  >
>;

const requestKey = (id: string) => ({ pk: `REQ#${id}`, sk: 'META' });
const cartPk = (sub: string, status: RequestStatus) => `USER#${sub}#REQ#${status}`;
const cartSk = (updatedAt: string, id: string) => `${updatedAt}#${id}`;
const savedSignerKey = (sub: string, email: string) => ({
  pk: `USER#${sub}`,
  sk: `${SAVED_PREFIX}${email}`,
});
const SAVED_PREFIX = 'SAVEDSIGNER#';

/** Ids arrive in paths: anything that is not a plausible id is simply not found. */
const plausibleId = (id: string) => /^[A-Za-z0-9_-]{1,64}$/.test(id);

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * 'SOL-' + 8 Crockford base32 characters (40 random bits; no I, L, O, U to misread). It is a
 * label people read and search for, not a key: two requests sharing one would still be two
 * distinct items, and every lookup goes by id.
 */
export function newRequestNumber(): string {
  const bytes = randomBytes(8);
  let out = '';
  // 256 is a multiple of 32, so `byte & 31` is uniform.
  for (const b of bytes) out += CROCKFORD[b & 31];
  return `SOL-${out}`;
}

/** Item attributes that are keys or bookkeeping, not part of the request. */
function toRequest(item: Record<string, unknown>): RequestItem {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, type: _t, ...rest } = item;
  const r = rest as unknown as RequestItem;
  return { ...r, signers: r.signers ?? [], version: Number(r.version) };
}

/** Writes a new pending request; the id is random, so the condition only guards a collision. */
export async function putNewRequest(req: RequestItem): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...requestKey(req.id),
        gsi1pk: cartPk(req.user_sub, req.status),
        gsi1sk: cartSk(req.updated_at, req.id),
        type: 'Request',
        ...req,
      },
      // The id is random: an item already there is this very Put, applied by an earlier try of
      // the SDK and not written since (same owner, version and moment), which may be written again.
      ConditionExpression:
        'attribute_not_exists(pk) OR (user_sub = :sub AND #version = :v AND updated_at = :at)',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':sub': req.user_sub, ':v': req.version, ':at': req.updated_at },
    }),
  );
}

/** The caller's request (consistent read), or undefined when missing or another user's. */
export async function getOwnedRequest(id: string, sub: string): Promise<RequestItem | undefined> {
  if (!plausibleId(id)) return undefined;
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: requestKey(id), ConsistentRead: true }),
  );
  if (!res.Item || res.Item.user_sub !== sub) return undefined;
  return toRequest(res.Item);
}

/**
 * Saves wizard changes on a pending request read at `req.version`: SET only the given fields
 * (attributes other domains add to the item survive), bump the version, move it to the top of
 * the cart. Undefined when the condition fails (paid, deleted or written by someone else since
 * it was read): the caller re-reads to say which.
 */
export async function updatePendingRequest(
  req: RequestItem,
  changes: RequestChanges,
  nowIso: string,
): Promise<RequestItem | undefined> {
  const names: Record<string, string> = {
    '#status': 'status',
    '#version': 'version',
    '#user_sub': 'user_sub',
    '#updated_at': 'updated_at',
    '#gsi1sk': 'gsi1sk',
    '#write': 'last_write',
  };
  const values: Record<string, unknown> = {
    ':pending': 'pending',
    ':v': req.version,
    ':next': req.version + 1,
    ':write': randomBytes(12).toString('hex'),
    ':sub': req.user_sub,
    ':now': nowIso,
    ':g': cartSk(nowIso, req.id),
  };
  const sets = ['#version = :next', '#updated_at = :now', '#gsi1sk = :g', '#write = :write'];
  Object.entries(changes).forEach(([field, value], i) => {
    if (value === undefined) return;
    names[`#f${i}`] = field;
    values[`:f${i}`] = value;
    sets.push(`#f${i} = :f${i}`);
  });
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: requestKey(req.id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        // Or this very save, already applied and nothing written since (the SDK retried it
        // after its answer timed out): not a conflict with someone else's write.
        ConditionExpression:
          '(#status = :pending AND #version = :v AND #user_sub = :sub) OR (#write = :write AND #version = :next)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toRequest(res.Attributes ?? {});
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

/** Deletes the caller's pending request; false when it is not (or no longer) one. */
export async function deletePendingRequest(id: string, sub: string): Promise<boolean> {
  if (!plausibleId(id)) return false;
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: requestKey(id),
        ConditionExpression: '#status = :pending AND #user_sub = :sub',
        ExpressionAttributeNames: { '#status': 'status', '#user_sub': 'user_sub' },
        ExpressionAttributeValues: { ':pending': 'pending', ':sub': sub },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * Deletes one of the caller's requests whatever its status: only the account's deletion
 * (functions/account/), once no order of it is in progress. Gone already is not an error.
 */
export async function deleteOwnedRequest(id: string, sub: string): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: requestKey(id),
        ConditionExpression: 'attribute_not_exists(pk) OR #user_sub = :sub',
        ExpressionAttributeNames: { '#user_sub': 'user_sub' },
        ExpressionAttributeValues: { ':sub': sub },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** The cart: the caller's pending requests, newest change first (gsi1, all pages). */
export function listPendingRequests(sub: string): Promise<RequestItem[]> {
  return listRequests(sub, 'pending');
}

/** The caller's requests of one status, newest change first (gsi1, all pages). */
export async function listRequests(sub: string, status: RequestStatus): Promise<RequestItem[]> {
  const out: RequestItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': cartPk(sub, status) },
        ScanIndexForward: false,
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(res.Items ?? []).map(toRequest));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

/** How many requests wait in the caller's cart (a COUNT Query; reads no attributes out). */
export async function countPendingRequests(sub: string): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': cartPk(sub, 'pending') },
        Select: 'COUNT',
        ExclusiveStartKey: start,
      }),
    );
    count += res.Count ?? 0;
    start = res.LastEvaluatedKey;
  } while (start);
  return count;
}

/**
 * The request's part of the order transaction (checkout): pending → paid with the order's
 * number and id, out of the cart index into the paid one. Conditioned on the version the
 * payment priced, so a wizard save between pricing and payment cancels the transaction
 * instead of paying for a request that changed.
 */
export function markPaidUpdate(
  req: RequestItem,
  order: { id: string; order_number: string },
  nowIso: string,
  /** A credits payment: the attempt that claimed the request (claimForCredits). */
  attempt?: string,
) {
  return {
    Update: {
      TableName: tableName(),
      Key: requestKey(req.id),
      UpdateExpression:
        'SET #status = :paid, associated_order_number = :number, order_id = :order, #updated_at = :now, #version = :next, gsi1pk = :gpk, gsi1sk = :gsk',
      ConditionExpression: `#status = :pending AND #version = :v AND #user_sub = :sub${attempt ? ' AND pay_attempt = :attempt' : ''}`,
      ExpressionAttributeNames: {
        '#status': 'status',
        '#version': 'version',
        '#user_sub': 'user_sub',
        '#updated_at': 'updated_at',
      },
      ExpressionAttributeValues: {
        ...(attempt ? { ':attempt': attempt } : {}),
        ':paid': 'paid',
        ':pending': 'pending',
        ':number': order.order_number,
        ':order': order.id,
        ':now': nowIso,
        ':v': req.version,
        ':next': req.version + 1,
        ':sub': req.user_sub,
        ':gpk': cartPk(req.user_sub, 'paid'),
        ':gsk': cartSk(nowIso, req.id),
      },
    },
  };
}

/**
 * Claims a pending request for one credits payment attempt until `untilMs` (its deadline): the
 * order transaction of that attempt alone can then mark it paid (markPaidUpdate's `attempt`).
 * A claim still within its time is never taken: a parallel click waits for that attempt
 * instead of fencing it off (which, with many clicks, fenced every attempt off in turn). Once
 * the time has passed (the attempt answered 503 at its deadline, its transaction perhaps still
 * on its way, or it died), a retry claims the request in turn, so that earlier transaction can
 * no longer land: once the claim is written, what the wallet shows is final for this request,
 * and "not enough credits" is the truth. False when held by another attempt or not pending.
 * The attempt's own claim passes the condition: the SDK retries a write whose answer timed out
 * although it was applied, and that retry must not find the request held (by itself).
 */
export async function claimForCredits(
  req: RequestItem,
  attempt: string,
  untilMs: number,
  nowMs: number = Date.now(),
): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: requestKey(req.id),
        UpdateExpression: 'SET pay_attempt = :a, pay_attempt_until = :until',
        ConditionExpression:
          '#status = :pending AND #user_sub = :sub AND (attribute_not_exists(pay_attempt_until) OR pay_attempt_until <= :now OR pay_attempt = :a)',
        ExpressionAttributeNames: { '#status': 'status', '#user_sub': 'user_sub' },
        ExpressionAttributeValues: {
          ':a': attempt,
          ':until': untilMs,
          ':now': nowMs,
          ':pending': 'pending',
          ':sub': req.user_sub,
        },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * Ends a claim's time when its attempt answers without an order (a refusal, a 503): the next
 * click claims at once instead of waiting for the attempt's deadline. The claim itself stays,
 * so a transaction of that attempt still on its way lands only until a newer attempt claims.
 * Only this attempt's own claim is touched; not started this close to the deadline, when the
 * claim's time ends anyway.
 */
export async function releaseCreditsClaim(req: RequestItem, attempt: string): Promise<void> {
  beforeWrite();
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: requestKey(req.id),
        UpdateExpression: 'REMOVE pay_attempt_until',
        ConditionExpression: 'pay_attempt = :a',
        ExpressionAttributeValues: { ':a': attempt },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/**
 * Records the card payment prepared for a pending request (so a second click reuses it).
 * Not a wizard edit: the cart order (updated_at) stays, but the version moves like on every
 * write. Returns the request as written; a request no longer pending (or another user's) is a
 * 409 with ordersEs.requestNotPending.
 */
export async function setPaymentIntent(
  req: RequestItem,
  paymentIntentId: string,
): Promise<RequestItem> {
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: requestKey(req.id),
        UpdateExpression: 'SET payment_intent_id = :pi, #version = #version + :one',
        ConditionExpression: '#status = :pending AND #user_sub = :sub',
        ExpressionAttributeNames: {
          '#status': 'status',
          '#version': 'version',
          '#user_sub': 'user_sub',
        },
        ExpressionAttributeValues: {
          ':pi': paymentIntentId,
          ':one': 1,
          ':pending': 'pending',
          ':sub': req.user_sub,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toRequest(res.Attributes ?? {});
  } catch (err) {
    if (isConditionFailure(err)) throw new AppError('CONFLICT', ordersEs.requestNotPending);
    throw err;
  }
}

// Saved signers

export interface SavedSignerItem extends SavedSigner {
  user_sub: string;
}

function toSavedSigner(item: Record<string, unknown>): SavedSigner {
  return {
    id: String(item.id),
    first_name: String(item.first_name),
    last_name: String(item.last_name),
    id_number: String(item.id_number),
    email: String(item.email),
    phone: String(item.phone),
    phone_country_code: String(item.phone_country_code),
    created_at: String(item.created_at),
  };
}

/** The caller's saved signers (one partition, every page). */
export async function listSavedSigners(sub: string): Promise<SavedSigner[]> {
  const out: SavedSigner[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': `USER#${sub}`, ':p': SAVED_PREFIX },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(res.Items ?? []).map(toSavedSigner));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

/** Saves a signer once per e-mail (already normalised); false when that e-mail is saved. */
export async function putSavedSigner(sub: string, signer: SavedSigner): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...savedSignerKey(sub, signer.email),
          type: 'SavedSigner',
          user_sub: sub,
          ...signer,
        },
        // Or this very signer (its id is random per save): the SDK's retry of a Put that had
        // landed must not read as "e-mail already saved".
        ConditionExpression: 'attribute_not_exists(pk) OR id = :id',
        ExpressionAttributeValues: { ':id': signer.id },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Deletes the caller's saved signer with this id; false when the caller has none. */
export async function deleteSavedSignerById(sub: string, id: string): Promise<boolean> {
  if (!plausibleId(id)) return false;
  const target = (await listSavedSigners(sub)).find((s) => s.id === id);
  if (!target) return false;
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: savedSignerKey(sub, target.email),
        ConditionExpression: '#id = :id',
        ExpressionAttributeNames: { '#id': 'id' },
        ExpressionAttributeValues: { ':id': id },
      }),
    );
    return true;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    // Gone is what the caller asked for: deleted by this very call (the SDK's retry of a
    // delete that had landed) or by the owner's other tab. Replaced by a new save of the same
    // e-mail (another id): not this one, so not deleted.
    const now = await listSavedSigners(sub);
    return !now.some((s) => s.email === target.email);
  }
}

/**
 * A paid request's signing progress, moved by the signing flow in the transaction that records
 * a signature or rejection (customer-flows §3: sign_count, signature_overall_status). The
 * request is no longer editable, so this goes outside the wizard's version guard.
 */
export function requestSigningUpdate(
  requestId: string,
  p: { signCount?: number; overall: 'pending' | 'signed' | 'rejected' },
) {
  // updated_at stays: it is part of the request's list key (gsi1sk).
  const values: Record<string, unknown> = { ':s': p.overall };
  if (p.signCount !== undefined) values[':c'] = p.signCount;
  return {
    Update: {
      TableName: tableName(),
      Key: requestKey(requestId),
      UpdateExpression: `SET signature_overall_status = :s${p.signCount !== undefined ? ', sign_count = :c' : ''}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: values,
    },
  };
}
