import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentKind } from '../../../shared/contract/documents.js';
import { getOwnedDocument } from '../../documents/repo.js';
import { digest, readVerified, storedKey } from '../../documents/stored-file.js';
import type { OrderRecord } from '../../orders/repo.js';
import { db, isConditionFailure, queryAll, tableName } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { putObject } from '../../platform/storage.js';
import { ORIGINAL_PENDING_INDEX } from './original-keys.js';

/**
 * The original of a paid order, kept with the order's evidence (docs/architecture.md §7.2).
 * Uploads live 30 days (`documents/`, the bucket's lifecycle and the DOC item's TTL), but an
 * order paid late in that window is reviewed, signed and sealed after it: so the paid-for bytes
 * are copied to `evidence/{oid}/` (10 years) by the `keep-originals` job, and every reader
 * prefers that copy. Until the copy exists the upload is read, which is still there: an order
 * can only be paid while its document has PAYABLE_MARGIN_SECONDS (original-keys.ts) left.
 *
 *   ORDER#{oid} / META   original_key, _content_type, _kind, _sha256 once copied;
 *                        gsi2 ORIGINALPENDING until then (original-keys.ts)
 *   evidence/{oid}/original.{kind}   the copy (checked against the order's SHA-256)
 */
export interface OriginalFile {
  key: string;
  fileName: string;
  contentType: string;
  kind: DocumentKind;
  sha256: string;
}

/** The original cannot be found or is not the paid-for bytes: no retry can fix it. */
export class OriginalLost extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OriginalLost';
  }
}

const evidenceKey = (orderId: string, kind: DocumentKind) => `evidence/${orderId}/original.${kind}`;

function kept(order: OrderRecord): OriginalFile | undefined {
  const { original_key: key, original_content_type: type, original_kind: kind } = order;
  if (!key || !type || !kind || !order.original_sha256) return undefined;
  return {
    key,
    fileName: order.document_name,
    contentType: type,
    kind,
    sha256: order.original_sha256,
  };
}

/**
 * Where the order's original is read: the kept copy, else the upload while it lives and holds
 * the bytes the order cites; undefined when neither.
 */
export async function originalOf(
  order: OrderRecord,
  nowEpoch: number,
): Promise<OriginalFile | undefined> {
  const copy = kept(order);
  if (copy) return copy;
  const doc = await getOwnedDocument(order.document_id, order.user_sub, nowEpoch);
  if (!doc?.sha256 || doc.status !== 'ready') return undefined;
  if (order.document_sha256 && doc.sha256 !== order.document_sha256) return undefined;
  return {
    key: storedKey(doc),
    fileName: doc.file_name,
    contentType: doc.content_type,
    kind: doc.kind,
    sha256: doc.sha256,
  };
}

/**
 * Copies the order's original under evidence/ (bytes checked against the order's SHA-256) and
 * records it on the order. Safe to run twice and at once: the key is fixed, the bytes are the
 * same, and the order's update only fills what is empty. Storage failures are thrown to retry.
 * The job's list is the caller's to leave (leavePending).
 */
export async function keepOriginal(order: OrderRecord): Promise<OriginalFile> {
  const copy = kept(order);
  if (copy) return copy;
  // Expired or not: a paid document's item is read until TTL takes it (its bytes decide).
  const doc = await getOwnedDocument(order.document_id, order.user_sub, 0);
  if (!doc?.key || doc.status !== 'ready' || !doc.sha256) {
    throw new OriginalLost('document item not found');
  }
  const expected = order.document_sha256 ?? doc.sha256;
  if (doc.sha256 !== expected) throw new OriginalLost('document item holds other bytes');
  // The documents domain's own proven read: gone or changed bytes are a CONFLICT there.
  const bytes = await readVerified(doc).catch((err: unknown) => {
    throw err instanceof AppError && err.code === 'CONFLICT'
      ? new OriginalLost('document object missing or changed')
      : err;
  });
  const key = evidenceKey(order.id, doc.kind);
  await putObject({
    key,
    bytes,
    contentType: doc.content_type,
    sha256Base64: digest(bytes).base64,
  });
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `ORDER#${order.id}`, sk: 'META' },
        UpdateExpression:
          'SET original_key = :k, original_content_type = :ct, original_kind = :kind, original_sha256 = :sha',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(original_key)',
        ExpressionAttributeValues: {
          ':k': key,
          ':ct': doc.content_type,
          ':kind': doc.kind,
          ':sha': expected,
        },
      }),
    );
  } catch (err) {
    // Another run recorded it first: the same key, the same bytes.
    if (!isConditionFailure(err)) throw err;
  }
  return {
    key,
    fileName: order.document_name,
    contentType: doc.content_type,
    kind: doc.kind,
    sha256: expected,
  };
}

/**
 * Takes the order off the job's list. Only while the index says "pending": by the time the copy
 * is made the order may be sealing, and gsi2 then holds the sealing sweep's keys.
 */
export async function leavePending(orderId: string): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `ORDER#${orderId}`, sk: 'META' },
        UpdateExpression: 'REMOVE gsi2pk, gsi2sk',
        ConditionExpression: 'gsi2pk = :p',
        ExpressionAttributeValues: { ':p': ORIGINAL_PENDING_INDEX },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** The ids of the orders whose original is not kept yet, oldest first. */
export async function pendingOriginals(): Promise<string[]> {
  const items = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :p',
    ExpressionAttributeValues: { ':p': ORIGINAL_PENDING_INDEX },
    ProjectionExpression: 'id',
  });
  return items.map((item) => String(item.id));
}
