import { apiEs } from '../../shared/messages/api.es.js';
import { getOwnedDocument } from '../documents/repo.js';
import { storedKey } from '../documents/stored-file.js';
import type { OrderRecord } from '../orders/repo.js';
import { AppError } from '../platform/errors.js';
import { presignedDownload } from '../platform/storage.js';

/** How long a signer's document link works: long enough to load, short enough not to share. */
const LINK_SECONDS = 5 * 60;

/**
 * A short-lived link to the very bytes the order was paid for: the document's checked object,
 * whose SHA-256 must be the one the order recorded (a PDF shown inline, Word as a download).
 */
export async function documentLink(
  order: OrderRecord,
  nowEpoch: number,
): Promise<{ url: string; isPdf: boolean; sha256: string }> {
  const doc = await getOwnedDocument(order.document_id, order.user_sub, nowEpoch);
  if (!doc?.sha256 || (order.document_sha256 && doc.sha256 !== order.document_sha256)) {
    throw new AppError('UNAVAILABLE', apiEs.storageUnavailable);
  }
  const isPdf = doc.kind === 'pdf';
  const name = encodeURIComponent(doc.file_name);
  const url = await presignedDownload({
    key: storedKey(doc),
    contentType: doc.content_type,
    disposition: `${isPdf ? 'inline' : 'attachment'}; filename*=UTF-8''${name}`,
    expiresInSeconds: LINK_SECONDS,
  });
  return { url, isPdf, sha256: doc.sha256 };
}
