import { MAX_NOTARIZED_BYTES } from '../../shared/contract/notarized.js';
import * as routes from '../../shared/contract/routes/notary.js';
import { notarizedEs as m } from '../../shared/messages/notarized.es.js';
import { digest } from '../documents/stored-file.js';
import { contextRoute } from '../organizations/acting-as.js';
import { epochSeconds, systemClock } from '../platform/clock.js';
import { timedOut } from '../platform/deadline.js';
import { AppError, notFound } from '../platform/errors.js';
import { logger } from '../platform/logger.js';
import { ReadFailed, readInChild } from '../platform/reader/read-in-child.js';
import * as storage from '../platform/storage.js';
import { readIntactObject } from '../platform/storage-intact.js';
import {
  deleteUncheckedUpload,
  getNotarizedUpload,
  keptNotarizedKey,
  markChecked,
  type NotarizedUploadRecord,
  notarizedFileView,
  releaseCheckLease,
  takeCheckLease,
} from './notarized-files.js';
import { notaryOf } from './notary-context.js';
import { ownAssignmentWithOrder } from './own-open-assignment.js';

const UPLOAD_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * POST /api/notary/assignments/{id}/notarized-file/{uploadId}/complete: the uploaded notarized
 * PDF checked like any upload: at most 10 MB, a PDF by its bytes, one the PDF library opens and
 * not encrypted, read in the reader child (a hostile file ends only its reader). Its PDF
 * signatures are listed with whether each validates. The bytes read are hashed and kept, those
 * very bytes, at a key no presigned POST names (a replayed POST only rewrites the incoming
 * object). Never rewritten: the notary's own signatures must stay valid. A repeated call
 * answers the checked file; calls racing one check are told to wait (409) rather than each
 * reading the file; a refused file is deleted and the notary uploads again.
 */
export const handler = contextRoute(routes.completeNotarizedUpload, async ({ acting, params }) => {
  const orgId = notaryOf(acting);
  const { a } = await ownAssignmentWithOrder(orgId, params.id);
  const uploadId = params.uploadId ?? '';
  const upload = UPLOAD_ID.test(uploadId) ? await getNotarizedUpload(a.id, uploadId) : undefined;
  if (!upload || upload.notary_org_id !== orgId) throw notFound(m.uploadUnknown);
  if (upload.status === 'checked') return answer(upload);
  if (!(await takeCheckLease(upload, epochSeconds(systemClock.now())))) {
    // Another /complete is checking it (or just did): its answer, or wait for it.
    const now = await getNotarizedUpload(a.id, uploadId);
    if (now?.status === 'checked') return answer(now);
    if (!now) throw notFound(m.uploadUnknown);
    throw new AppError('CONFLICT', m.checking);
  }
  try {
    return await checkAndKeep(upload);
  } catch (err) {
    // A refusal deleted the upload; anything else leaves it to be checked again.
    if (!(err instanceof AppError && err.code === 'BUSINESS_RULE')) {
      await releaseCheckLease(upload);
    }
    throw err;
  }
});

async function answer(upload: NotarizedUploadRecord) {
  // A presigned POST replayed after the check lands here, unread: delete it.
  await storage.deleteObject(upload.incoming_key);
  return { file: notarizedFileView(upload) };
}

async function refuse(upload: NotarizedUploadRecord, message: string): Promise<never> {
  await storage.deleteObject(upload.incoming_key);
  await deleteUncheckedUpload(upload);
  throw new AppError('BUSINESS_RULE', message);
}

const PDF_MAGIC = Buffer.from('%PDF-');

async function checkAndKeep(upload: NotarizedUploadRecord) {
  const head = await storage.headObject(upload.incoming_key);
  if (!head) throw new AppError('CONFLICT', m.notUploaded);
  // s3rver ignores the POST policy's size range: the real size is checked here everywhere.
  if (head.size > MAX_NOTARIZED_BYTES) return refuse(upload, m.tooLarge);
  const bytes = await readIntactObject(upload.incoming_key);
  if (!bytes) throw new AppError('CONFLICT', m.notUploaded);
  if (bytes.length === 0) return refuse(upload, m.empty);
  if (bytes.length > MAX_NOTARIZED_BYTES) return refuse(upload, m.tooLarge);
  // The header may follow up to 1 KB of junk, as readers allow (file-type.ts looks at the start).
  if (bytes.subarray(0, 1024).indexOf(PDF_MAGIC) < 0) return refuse(upload, m.notPdf);
  let check: Awaited<ReturnType<typeof readInChild<'notarized-check'>>>;
  try {
    check = await readInChild('notarized-check', bytes);
  } catch (err) {
    if (err instanceof ReadFailed && err.reason === 'start') throw timedOut();
    if (err instanceof ReadFailed && err.reason === 'budget') return refuse(upload, m.tooComplex);
    if (err instanceof ReadFailed) return refuse(upload, m.unreadable);
    throw err;
  }
  if (!check.ok) {
    logger.info('notarized upload refused', { problem: check.problem });
    return refuse(upload, check.problem === 'encrypted' ? m.encrypted : m.unreadable);
  }
  const hash = digest(bytes);
  const key = keptNotarizedKey(upload.order_id, upload.assignment_id, upload.upload_id);
  await storage.putObject({
    key,
    bytes,
    contentType: 'application/pdf',
    sha256Base64: hash.base64,
  });
  const checked = {
    key,
    size: bytes.length,
    pages: check.pages,
    sha256: hash.hex,
    signatures: check.signatures,
  };
  if (!(await markChecked(upload, checked))) {
    // Another /complete recorded its copy first: this one is nobody's.
    await storage.deleteObject(key);
    const won = await getNotarizedUpload(upload.assignment_id, upload.upload_id);
    if (!won) throw notFound(m.uploadUnknown);
    return answer(won);
  }
  return answer({ ...upload, status: 'checked', ...checked });
}
