import { type DocumentKind, MAX_DOCUMENT_BYTES } from '../../shared/contract/documents.js';
import { documentsEs } from '../../shared/messages/documents.es.js';
import { AppError, notFound } from '../platform/errors.js';
import { logger } from '../platform/logger.js';
import { ReadFailed } from '../platform/reader/read-in-child.js';
import * as storage from '../platform/storage.js';
import { readIntactObject } from '../platform/storage-intact.js';
import { checkedPdf, realKind } from './content-check.js';
import { needsWholeFile, SNIFF_BYTES, sniffContainer } from './file-type.js';
import { type DocumentItem, deleteUncheckedItem, getOwnedDocument, markReady } from './repo.js';
import { iso, ownedOr404, toView } from './service.js';
import { digest, finalKey } from './stored-file.js';

/**
 * /complete of an upload (customer-flows §2.5 step 1, §5): the one operation that parses the
 * uploaded bytes, in the reader child (platform/reader/read-in-child.ts), so only its function
 * carries the reader program; the other documents operations live in service.ts.
 */

/**
 * Refuses an upload: the object and the item go, the caller starts again with a new upload.
 * Only an unchecked item is deleted: when a concurrent /complete kept the file first (this
 * call read a replayed upload), completeUpload answers that document instead.
 */
async function refuse(doc: DocumentItem, message: string): Promise<never> {
  await storage.deleteObject(doc.upload_key);
  await deleteUncheckedItem(doc.id, doc.owner_sub);
  throw new AppError('BUSINESS_RULE', message);
}

/** A checked document: what a repeated /complete answers; the incoming copy is dropped again. */
async function answerReady(doc: DocumentItem) {
  // A presigned POST replayed after /complete lands here, unread: delete it.
  await storage.deleteObject(doc.upload_key);
  return { document: toView(doc) };
}

/**
 * Checks the uploaded object and makes it the document for good: it must exist, hold 1 byte
 * to 10 MB (HeadObject), and be by its bytes the kind its name declared. The bytes read for
 * that check (a PDF: as rewritten without active content, keptPdf) are hashed (SHA-256) and
 * written, those very bytes, to a final key no presigned request can name (stored-file.ts);
 * only then is the document ready, with that key, hash and ETag. A repeated or concurrent call answers the one document that won; a replayed POST
 * afterwards only rewrites the incoming object, which nothing reads.
 */
export async function completeUpload(sub: string, id: string, nowEpoch: number) {
  const doc = await ownedOr404(id, sub, documentsEs.notFound);
  if (doc.status === 'ready') return answerReady(doc);
  try {
    return await checkAndKeep(doc, nowEpoch);
  } catch (err) {
    // A concurrent /complete may have won meanwhile (and deleted the incoming object this call
    // was reading): its document is the answer.
    const now = await getOwnedDocument(doc.id, sub);
    if (now?.status === 'ready') return answerReady(now);
    throw err;
  }
}

/** The incoming object, whole (storage-intact.ts). */
async function readIntact(key: string): Promise<Buffer> {
  const bytes = await readIntactObject(key);
  if (!bytes) throw new AppError('CONFLICT', documentsEs.notUploaded);
  return bytes;
}

async function checkAndKeep(doc: DocumentItem, nowEpoch: number) {
  const head = await storage.headObject(doc.upload_key);
  if (!head) throw new AppError('CONFLICT', documentsEs.notUploaded);
  // s3rver ignores the POST policy's size range: the real size is checked here everywhere.
  // Only "too large" is judged by HEAD (an object being written never looks larger than it
  // is); "empty" waits for whole bytes below: s3rver truncates the file before writing a
  // replayed upload, and a HEAD in that moment says 0 bytes of a file that is not empty.
  if (head.size > MAX_DOCUMENT_BYTES) return refuse(doc, documentsEs.tooLarge);
  // At most 10 MB, read once: the same bytes are typed, hashed and kept, and they must be
  // one whole upload (their MD5 is the ETag S3 served them with), never a read torn by a
  // replayed POST landing meanwhile.
  const bytes = await readIntact(doc.upload_key);
  if (bytes.length === 0) return refuse(doc, documentsEs.empty);
  if (bytes.length > MAX_DOCUMENT_BYTES) return refuse(doc, documentsEs.tooLarge);
  const container = sniffContainer(bytes.subarray(0, SNIFF_BYTES));
  let kind: DocumentKind | undefined;
  try {
    kind = await realKind(container, needsWholeFile(container) ? bytes : undefined);
  } catch (err) {
    if (err instanceof ReadFailed && err.reason === 'budget') {
      return refuse(doc, documentsEs.pdfTooComplex);
    }
    throw err;
  }
  if (kind !== doc.kind) {
    logger.info('upload refused: content does not match', { kind: doc.kind, container });
    return refuse(doc, documentsEs.contentMismatch);
  }
  const kept = kind === 'pdf' ? await keptPdf(doc, bytes) : bytes;
  const hash = digest(kept);
  const key = finalKey(doc.owner_sub, doc.id, doc.kind);
  const put = await storage.putObject({
    key,
    bytes: kept,
    contentType: doc.content_type,
    sha256Base64: hash.base64,
  });
  const { won, doc: ready } = await markReady(
    doc,
    { key, size: kept.length, sha256: hash.hex, etag: put.etag, versionId: put.versionId },
    iso(nowEpoch),
  );
  // Lost to a concurrent /complete (or the document was deleted meanwhile): this copy is nobody's.
  if (!won) await storage.deleteObject(key);
  if (!ready) throw notFound(documentsEs.notFound);
  return answerReady(ready);
}

/**
 * The PDF the document keeps: the upload rewritten without active content by the seal's own
 * library (content-check.ts), always, even when nothing was removed, so customers, signers and
 * the seal all read one file, as that library understands it. The upload itself is not kept
 * (docs/data-model.md: only the final key is). A PDF the seal could not open or rewrite
 * (encrypted, broken, too complex) is refused now, not at sealing.
 */
async function keptPdf(doc: DocumentItem, bytes: Uint8Array): Promise<Buffer> {
  const verdict = await checkedPdf(bytes);
  if (verdict.problem !== undefined) {
    logger.info('upload refused: the seal cannot use this PDF');
    return refuse(doc, verdict.problem);
  }
  if (Object.keys(verdict.removed).length > 0) {
    logger.info('active content removed from an uploaded PDF', { removed: verdict.removed });
  }
  return Buffer.from(verdict.bytes.buffer, verdict.bytes.byteOffset, verdict.bytes.byteLength);
}
