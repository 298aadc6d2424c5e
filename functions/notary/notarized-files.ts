import { randomBytes } from 'node:crypto';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { NotarizedFile, PdfSignature } from '../../shared/contract/notarized.js';
import { db, isConditionFailure, tableName, withoutKeys } from '../platform/db.js';
import { logger } from '../platform/logger.js';
import * as storage from '../platform/storage.js';
import { notarizedFileKey, notarizedFilesOf } from './keys.js';

/**
 * Uploads of notarized PDFs (`ASSIGN#{aid}` / `NFILE#{uploadId}`, keys.ts): registered when
 * the notary starts one, checked once by /complete (notary/complete-notarized-upload.ts), and
 * named by the decision 'notarize' (notarize.ts), which delivers the checked bytes. An upload
 * never checked expires with its item's TTL and its incoming object with the bucket's rule.
 */
export interface NotarizedUploadRecord {
  upload_id: string;
  assignment_id: string;
  order_id: string;
  notary_org_id: string;
  created_by: string;
  status: 'uploading' | 'checked';
  incoming_key: string;
  file_name: string;
  created_at: string;
  /** Once checked: the kept bytes' key and what the check found. */
  key?: string;
  size?: number;
  pages?: number;
  sha256?: string;
  signatures?: PdfSignature[];
  ttl: number;
}

/** How long an upload's item is kept: the notary delivers it the same day or starts again. */
const UPLOAD_TTL_SECONDS = 2 * 86_400;

export const newUploadId = () => randomBytes(16).toString('base64url');

export const incomingNotarizedKey = (assignmentId: string, uploadId: string) =>
  `incoming/notarized/${assignmentId}/${uploadId}.pdf`;

/**
 * Where checked bytes are kept: beside the order's evidence (10 years, lib/storage.ts), one key
 * per check attempt so two racing /complete calls never overwrite each other's object.
 */
export const keptNotarizedKey = (orderId: string, assignmentId: string, uploadId: string) =>
  `evidence/${orderId}/notarized-${assignmentId}-${uploadId}-${randomBytes(6).toString('hex')}.pdf`;

export async function putNotarizedUpload(
  r: Omit<NotarizedUploadRecord, 'ttl'>,
  nowEpoch: number,
): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...notarizedFileKey(r.assignment_id, r.upload_id),
        type: 'NotarizedUpload',
        ...r,
        ttl: nowEpoch + UPLOAD_TTL_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getNotarizedUpload(
  assignmentId: string,
  uploadId: string,
): Promise<NotarizedUploadRecord | undefined> {
  const res = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: notarizedFileKey(assignmentId, uploadId),
      ConsistentRead: true,
    }),
  );
  return res.Item ? withoutKeys<NotarizedUploadRecord>(res.Item) : undefined;
}

/**
 * Records the check's result on an upload still 'uploading'; false when another /complete
 * recorded its own first (then that one is the upload's file).
 */
export async function markChecked(
  r: NotarizedUploadRecord,
  checked: { key: string; size: number; pages: number; sha256: string; signatures: PdfSignature[] },
): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: notarizedFileKey(r.assignment_id, r.upload_id),
        UpdateExpression:
          'SET #st = :checked, #key = :key, #size = :size, pages = :pages, sha256 = :sha, signatures = :sigs REMOVE checking_until',
        ConditionExpression: '#st = :uploading',
        ExpressionAttributeNames: { '#st': 'status', '#key': 'key', '#size': 'size' },
        ExpressionAttributeValues: {
          ':checked': 'checked',
          ':uploading': 'uploading',
          ':key': checked.key,
          ':size': checked.size,
          ':pages': checked.pages,
          ':sha': checked.sha256,
          ':sigs': checked.signatures,
        },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** How long one /complete holds an upload while it reads and checks it. */
const CHECK_LEASE_SECONDS = 60;

/**
 * Takes the upload for one check: of /complete calls racing on one upload, one reads the bytes
 * and the others are told to wait (false), instead of each reading 10 MB and starting a reader
 * child. A lease left by a check that died ends after CHECK_LEASE_SECONDS.
 */
export async function takeCheckLease(r: NotarizedUploadRecord, nowEpoch: number): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: notarizedFileKey(r.assignment_id, r.upload_id),
        UpdateExpression: 'SET checking_until = :until',
        ConditionExpression:
          '#st = :uploading AND (attribute_not_exists(checking_until) OR checking_until < :now)',
        ExpressionAttributeNames: { '#st': 'status' },
        ExpressionAttributeValues: {
          ':uploading': 'uploading',
          ':now': nowEpoch,
          ':until': nowEpoch + CHECK_LEASE_SECONDS,
        },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Gives the lease back after a check that ended without a verdict (a retryable failure). */
export async function releaseCheckLease(r: NotarizedUploadRecord): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: notarizedFileKey(r.assignment_id, r.upload_id),
        UpdateExpression: 'REMOVE checking_until',
        ConditionExpression: '#st = :uploading',
        ExpressionAttributeNames: { '#st': 'status' },
        ExpressionAttributeValues: { ':uploading': 'uploading' },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** Drops an upload refused by its check (only while unchecked: a checked one stays). */
export async function deleteUncheckedUpload(r: NotarizedUploadRecord): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: notarizedFileKey(r.assignment_id, r.upload_id),
        ConditionExpression: '#st = :uploading',
        ExpressionAttributeNames: { '#st': 'status' },
        ExpressionAttributeValues: { ':uploading': 'uploading' },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** What the notary is shown of a checked upload. */
export function notarizedFileView(r: NotarizedUploadRecord): NotarizedFile {
  return {
    upload_id: r.upload_id,
    file_name: r.file_name,
    size: r.size ?? 0,
    pages: r.pages ?? 0,
    sha256: r.sha256 ?? '',
    signatures: r.signatures ?? [],
  };
}

/**
 * Once an assignment is decided, the uploads it did not deliver go: their kept bytes and their
 * items (a notary may check several files before delivering one). Best effort after the
 * decision: a failure is logged and leaves a file nobody links to.
 */
export async function discardUndelivered(assignmentId: string, delivered?: string): Promise<void> {
  try {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :nfile)',
        ExpressionAttributeValues: {
          ':pk': notarizedFilesOf(assignmentId).pk,
          ':nfile': notarizedFilesOf(assignmentId).skPrefix,
        },
      }),
    );
    for (const item of res.Items ?? []) {
      const r = withoutKeys<NotarizedUploadRecord>(item);
      if (r.upload_id === delivered) continue;
      if (r.key) await storage.deleteObject(r.key);
      await storage.deleteObject(r.incoming_key);
      await db().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: notarizedFileKey(assignmentId, r.upload_id),
        }),
      );
    }
  } catch (err) {
    logger.warn('undelivered notarized uploads not discarded', {
      assignmentId,
      error: (err as Error)?.name,
    });
  }
}
