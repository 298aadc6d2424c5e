import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentKind } from '../../shared/contract/documents.js';
import { db, isConditionFailure, tableName } from '../platform/db.js';

/**
 * Documents and their AI analyses:
 *
 *   DOC#{id} / META                    an uploaded file: owner, incoming key (the presigned
 *                                      POST's), declared then real size, type, status
 *                                      uploading → ready; once ready the final key, SHA-256 and
 *                                      ETag of the checked bytes (stored-file.ts); locked once an
 *                                      order that uses it is paid; ttl = the bucket's 30-day expiry
 *   ANALYSIS#{owner}#{key} / ANALYSIS  the result of one paid analysis, keyed by the caller's
 *                                      idempotency key, so a retry answers it again
 *
 * DynamoDB Local never deletes TTL items and AWS does it late: reads check `expires_at`.
 */
export type DocumentStatus = 'uploading' | 'ready';

export interface DocumentItem {
  id: string;
  owner_sub: string;
  /** `incoming/{sub}/{id}.{ext}`: where the browser uploads; never read once the file is checked. */
  upload_key: string;
  /** Once ready: `documents/{sub}/{id}/{attempt}.{ext}`, the checked bytes every read uses. */
  key?: string;
  /** Once ready: SHA-256 (hex) of the bytes under `key`. */
  sha256?: string;
  /** Once ready: the final object's ETag (and version id in a versioned bucket). */
  etag?: string;
  version_id?: string;
  file_name: string;
  /** Declared at creation; the real size from S3 once ready. */
  size: number;
  content_type: string;
  kind: DocumentKind;
  status: DocumentStatus;
  /** Set by the orders domain (lockDocumentUpdate) when an order using it is paid. */
  locked?: boolean;
  created_at: string;
  updated_at: string;
  /** Epoch seconds after which the object is gone (bucket lifecycle); same as `ttl`. */
  expires_at: number;
}

export interface AnalysisItem {
  owner_id: string;
  idempotency_key: string;
  document_id: string;
  markdown: string;
  credits_charged: number;
  created_at: string;
}

const docKey = (id: string) => ({ pk: `DOC#${id}`, sk: 'META' });
const analysisKey = (ownerId: string, idempotencyKey: string) => ({
  pk: `ANALYSIS#${ownerId}#${idempotencyKey}`,
  sk: 'ANALYSIS',
});

/** Analyses are kept as long as the ledger's idempotency records (30 days). */
const ANALYSIS_TTL_SECONDS = 30 * 86_400;

function toDocument(item: Record<string, unknown>): DocumentItem {
  return {
    id: String(item.id),
    owner_sub: String(item.owner_sub),
    // Items from before the incoming/final split used one key for both.
    upload_key: String(item.upload_key ?? item.key),
    ...(item.status === 'ready' && typeof item.key === 'string' ? { key: item.key } : {}),
    ...(typeof item.sha256 === 'string' ? { sha256: item.sha256 } : {}),
    ...(typeof item.etag === 'string' ? { etag: item.etag } : {}),
    ...(typeof item.version_id === 'string' ? { version_id: item.version_id } : {}),
    file_name: String(item.file_name),
    size: Number(item.size),
    content_type: String(item.content_type),
    kind: item.kind as DocumentKind,
    status: item.status === 'ready' ? 'ready' : 'uploading',
    ...(item.locked === true ? { locked: true } : {}),
    created_at: String(item.created_at),
    updated_at: String(item.updated_at ?? item.created_at),
    expires_at: Number(item.expires_at),
  };
}

const nowEpoch = () => Math.floor(Date.now() / 1000);

/** Creates the item of a new upload (ids are random: the condition only guards a collision). */
export async function putDocument(doc: DocumentItem): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...docKey(doc.id), type: 'Document', ...doc, ttl: doc.expires_at },
      // The id is random: an item already there is this very Put, applied by an earlier try of
      // the SDK (same owner, same moment, still uploading), which the retry may write again.
      ConditionExpression:
        'attribute_not_exists(pk) OR (owner_sub = :sub AND updated_at = :at AND #status = :uploading)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':sub': doc.owner_sub,
        ':at': doc.updated_at,
        ':uploading': 'uploading',
      },
    }),
  );
}

/**
 * The caller's document (consistent read), or undefined when it does not exist, belongs to
 * someone else or has expired: the three look the same to the caller, so an id reveals nothing.
 */
export async function getOwnedDocument(
  docId: string,
  sub: string,
  now: number = nowEpoch(),
): Promise<DocumentItem | undefined> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: docKey(docId), ConsistentRead: true }),
  );
  if (!res.Item) return undefined;
  const doc = toDocument(res.Item);
  if (doc.owner_sub !== sub || doc.expires_at <= now) return undefined;
  return doc;
}

/** The checked bytes of a document, as /complete stored them under their final key. */
export interface CheckedFile {
  key: string;
  size: number;
  sha256: string;
  etag: string | undefined;
  versionId: string | undefined;
}

/**
 * Marks an upload ready with its checked file (final key, real size, SHA-256, ETag), once:
 * the condition `status = uploading` lets exactly one /complete win. `won` is false when
 * another call got there first (its document is returned) or the item is gone (undefined);
 * true as well when the condition failed on this call's own update (a retry by the SDK).
 */
export async function markReady(
  doc: DocumentItem,
  file: CheckedFile,
  nowIso: string,
): Promise<{ won: boolean; doc: DocumentItem | undefined }> {
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: docKey(doc.id),
        UpdateExpression: `SET #status = :ready, #size = :size, #key = :key, sha256 = :sha, updated_at = :now${file.etag ? ', etag = :etag' : ''}${file.versionId ? ', version_id = :ver' : ''}`,
        ConditionExpression: 'owner_sub = :sub AND #status = :uploading',
        ExpressionAttributeNames: { '#status': 'status', '#size': 'size', '#key': 'key' },
        ExpressionAttributeValues: {
          ':ready': 'ready',
          ':uploading': 'uploading',
          ':size': file.size,
          ':key': file.key,
          ':sha': file.sha256,
          ':now': nowIso,
          ':sub': doc.owner_sub,
          ...(file.etag ? { ':etag': file.etag } : {}),
          ...(file.versionId ? { ':ver': file.versionId } : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { won: true, doc: res.Attributes ? toDocument(res.Attributes) : undefined };
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    // Another complete won the race, or the item went away: answer what is there now. Or this
    // very update was applied, its answer timed out and the SDK's retry failed the condition:
    // the item then holds this call's final key (random per call), and this call won.
    const current = await getOwnedDocument(doc.id, doc.owner_sub);
    const ready = current?.status === 'ready' ? current : undefined;
    return { won: ready !== undefined && ready.key === file.key, doc: ready };
  }
}

/**
 * Deletes the caller's document item unless it is locked by a paid order. Returns false when
 * the condition failed (locked meanwhile, or already deleted).
 */
export async function deleteDocumentItem(docId: string, ownerSub: string): Promise<boolean> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: docKey(docId),
        ConditionExpression: 'owner_sub = :sub AND (attribute_not_exists(locked) OR locked = :f)',
        ExpressionAttributeValues: { ':sub': ownerSub, ':f': false },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * Deletes one of the caller's document items, locked or not: only the account's deletion
 * (functions/account/), once no order is in progress, so every paid order's original is
 * already kept with its evidence. Gone already, or someone else's, changes nothing.
 */
export async function deleteDocumentOfAccount(docId: string, ownerSub: string): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: docKey(docId),
        ConditionExpression: 'owner_sub = :sub',
        ExpressionAttributeValues: { ':sub': ownerSub },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/**
 * Deletes an upload that failed its check, only while it is still unchecked: a concurrent
 * /complete that kept the file first keeps its document. False when the condition failed.
 */
export async function deleteUncheckedItem(docId: string, ownerSub: string): Promise<boolean> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: docKey(docId),
        ConditionExpression: 'owner_sub = :sub AND #status = :uploading',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':sub': ownerSub, ':uploading': 'uploading' },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * One TransactWriteItems element that locks a document for good: the orders domain puts it in
 * the transaction that records a paid order, so the file of a paid order can no longer be
 * deleted by its owner (deleteDocumentItem refuses locked items). The transaction fails if the
 * document was deleted meanwhile, is someone else's, or is not a checked upload, and, given the
 * SHA-256 the order cites, unless the document holds exactly those bytes. It fails too when
 * the document expires before `liveUntil` (epoch s): its bytes must outlive the copy that
 * keeps them with the order (functions/signing/sealing/original.ts).
 */
export function lockDocumentUpdate(
  docId: string,
  ownerSub: string,
  sha256: string | null | undefined,
  liveUntil: number,
) {
  return {
    Update: {
      TableName: tableName(),
      Key: docKey(docId),
      UpdateExpression: 'SET locked = :t',
      ConditionExpression: `owner_sub = :sub AND #status = :ready AND expires_at > :live${sha256 ? ' AND sha256 = :sha' : ''}`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':t': true,
        ':sub': ownerSub,
        ':ready': 'ready',
        ':live': liveUntil,
        ...(sha256 ? { ':sha': sha256 } : {}),
      },
    },
  };
}

/** A stored analysis result for this owner and idempotency key (consistent read). */
export async function getAnalysis(
  ownerId: string,
  idempotencyKey: string,
): Promise<AnalysisItem | undefined> {
  const res = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: analysisKey(ownerId, idempotencyKey),
      ConsistentRead: true,
    }),
  );
  if (!res.Item) return undefined;
  const i = res.Item;
  return {
    owner_id: String(i.owner_id),
    idempotency_key: String(i.idempotency_key),
    document_id: String(i.document_id),
    markdown: String(i.markdown),
    credits_charged: Number(i.credits_charged),
    created_at: String(i.created_at),
  };
}

/**
 * The Put of an analysis result, meant for the same transaction as the credits it costs
 * (ledger `spend` extra writes): the result exists exactly when the credits were taken.
 */
export function analysisPut(a: AnalysisItem, now: number = nowEpoch()) {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...analysisKey(a.owner_id, a.idempotency_key),
        type: 'DocumentAnalysis',
        ...a,
        ttl: now + ANALYSIS_TTL_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Stores an analysis on its own (a free analysis: a rule of 0 credits spends nothing). */
export async function putAnalysis(a: AnalysisItem): Promise<boolean> {
  try {
    await db().send(new PutCommand(analysisPut(a).Put));
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
