import { apiEs } from '../../shared/messages/api.es.js';
import { AppError } from './errors.js';
import { readWholeObject } from './storage.js';

/** Pauses between reads torn by an upload landing meanwhile (a replayed POST takes ms). */
const TORN_READ_WAITS_MS = [0, 50, 150, 400];

/**
 * An uploaded object, whole, or undefined when there is none: its bytes must be one whole
 * upload (their MD5 is the ETag S3 served them with), never a read torn by a replayed presigned
 * POST landing meanwhile; a torn read is tried again, and a 409 to retry when it keeps tearing.
 */
export async function readIntactObject(key: string): Promise<Buffer | undefined> {
  for (const wait of TORN_READ_WAITS_MS) {
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const read = await readWholeObject(key);
    if (!read) return undefined;
    if (read.intact) return read.bytes;
  }
  throw new AppError('CONFLICT', apiEs.conflict);
}
