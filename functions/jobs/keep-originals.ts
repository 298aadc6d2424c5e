import { getOrder } from '../orders/repo.js';
import { forEachConcurrently } from '../platform/concurrently.js';
import { logger } from '../platform/logger.js';
import { countMetric, METRICS } from '../platform/metrics.js';
import {
  keepOriginal,
  leavePending,
  OriginalLost,
  pendingOriginals,
} from '../signing/sealing/original.js';
import type { ScheduledEvent } from './job-time.js';

/** Orders copied at once: each is one read and one write of a file of up to 10 MB. */
const LANES = 4;

/**
 * Every 5 minutes: the original of every order paid since the last run is copied to the order's
 * evidence (functions/signing/sealing/original.ts), so it outlives the upload's 30 days. Safe to run
 * twice. A failure to reach S3 leaves the order on the list for the next run; an original that
 * is gone or holds other bytes cannot be fixed by a retry: it is counted on the seal-integrity
 * metric (its alarm calls an operator) and taken off the list.
 */
export async function handler(_event: ScheduledEvent) {
  // Every order on the list, whenever it was paid: the scheduled time plays no part.
  const pending = await pendingOriginals();
  let kept = 0;
  let lost = 0;
  await forEachConcurrently(pending, LANES, async (id) => {
    const order = await getOrder(id);
    if (!order) return leavePending(id);
    try {
      await keepOriginal(order);
      await leavePending(id);
      kept++;
    } catch (err) {
      if (!(err instanceof OriginalLost)) throw err;
      lost++;
      logger.error('original of a paid order lost', { orderId: id, reason: err.message });
      countMetric(METRICS.sealIntegrityFailure);
      await leavePending(id);
    }
  });
  logger.info('keep-originals done', { pending: pending.length, kept, lost });
  return { pending: pending.length, kept, lost };
}
