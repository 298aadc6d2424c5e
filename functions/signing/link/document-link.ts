import { apiEs } from '../../../shared/messages/api.es.js';
import type { OrderRecord } from '../../orders/repo.js';
import { AppError } from '../../platform/errors.js';
import { presignedDownload } from '../../platform/storage.js';
import { originalOf } from '../sealing/original.js';

/** How long a signer's document link works: long enough to load, short enough not to share. */
const LINK_SECONDS = 5 * 60;

/**
 * A short-lived link to the very bytes the order was paid for: the original kept with the
 * order's evidence, or the upload until it is copied, whose SHA-256 must be the one the order
 * recorded (a PDF shown inline, Word as a download).
 */
export async function documentLink(
  order: OrderRecord,
  nowEpoch: number,
): Promise<{ url: string; isPdf: boolean; sha256: string }> {
  const original = await originalOf(order, nowEpoch);
  if (!original?.sha256) throw new AppError('UNAVAILABLE', apiEs.storageUnavailable);
  const isPdf = original.kind === 'pdf';
  const name = encodeURIComponent(original.fileName);
  const url = await presignedDownload({
    key: original.key,
    contentType: original.contentType,
    disposition: `${isPdf ? 'inline' : 'attachment'}; filename*=UTF-8''${name}`,
    expiresInSeconds: LINK_SECONDS,
  });
  return { url, isPdf, sha256: original.sha256 };
}
