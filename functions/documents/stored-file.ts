import { createHash, randomBytes } from 'node:crypto';
import type { DocumentKind } from '../../shared/contract/documents.js';
import { documentsEs } from '../../shared/messages/documents.es.js';
import { AppError } from '../platform/errors.js';
import { logger } from '../platform/logger.js';
import * as storage from '../platform/storage.js';
import type { DocumentItem } from './repo.js';

/**
 * Where a document's bytes live, and the proof that they are the ones that were checked.
 *
 *   incoming/{sub}/{id}.{ext}           the only key a presigned POST may name (its policy pins
 *                                       it exactly); nothing reads it after /complete, which
 *                                       deletes it, and the bucket expires it after 1 day
 *   documents/{sub}/{id}/{attempt}.{ext} the checked bytes, written by the server alone once, at
 *                                       /complete; every later read (preview, download,
 *                                       analysis, signing, sealing) uses this key
 *
 * A presigned POST can be replayed until it expires, even after /complete: it only ever
 * rewrites the incoming object, which nothing trusts. Each /complete attempt writes its own
 * final key, so two concurrent calls never overwrite each other's object; the one whose
 * conditional DynamoDB update wins is the document, the other deletes its copy.
 */
export const INCOMING_PREFIX = 'incoming/';
export const FINAL_PREFIX = 'documents/';

export const incomingKey = (sub: string, id: string, kind: DocumentKind) =>
  `${INCOMING_PREFIX}${sub}/${id}.${kind}`;

export const finalKey = (sub: string, id: string, kind: DocumentKind) =>
  `${FINAL_PREFIX}${sub}/${id}/${randomBytes(8).toString('hex')}.${kind}`;

/** SHA-256 of the bytes: hex (recorded, shown, cited as evidence) and base64 (S3's checksum). */
export function digest(bytes: Uint8Array): { hex: string; base64: string } {
  const d = createHash('sha256').update(bytes).digest();
  return { hex: d.toString('hex'), base64: d.toString('base64') };
}

/** The final key of a checked document; a document not yet checked has none. */
export function storedKey(doc: DocumentItem): string {
  if (doc.status !== 'ready' || !doc.key) throw new AppError('CONFLICT', documentsEs.notUploaded);
  return doc.key;
}

/**
 * The checked bytes of a ready document, proven: read from the final key (that very version
 * where S3 supports it) and hashed again; anything but the recorded SHA-256 is refused, never
 * handed on. The analysis reads through here, and so will signing and sealing.
 */
export async function readVerified(doc: DocumentItem): Promise<Buffer> {
  const key = storedKey(doc);
  const bytes = await storage.readObject(key, undefined, doc.etag);
  const hex = bytes ? digest(bytes).hex : undefined;
  if (!bytes || !doc.sha256 || hex !== doc.sha256) {
    logger.error('document bytes do not match their recorded hash', {
      documentId: doc.id,
      found: bytes !== undefined,
    });
    throw new AppError('CONFLICT', documentsEs.integrity);
  }
  return bytes;
}
