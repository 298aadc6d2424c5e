import { logger } from '../platform/logger.js';
import { secret } from '../platform/secret-values.js';
import {
  dueForRetimestamp,
  type RetimestampOutcome,
  retimestampEvidence,
} from '../signing/sealing/retimestamp.js';
import { jobNow, type ScheduledEvent } from './job-time.js';

/**
 * Yearly (shared/contract/jobs.ts): every sealed PDF whose last document timestamp's TSA
 * certificate expires within HORIZON_DAYS gets a new document timestamp and DSS update
 * (functions/signing/sealing/retimestamp.ts). The horizon is over a year, so a run that fails (the TSA
 * or the CA down: the job throws, Lambda retries it, then its DLQ alarm calls an operator) or
 * misses a record still leaves the next yearly run in time. Safe to run twice: a record
 * re-timestamped in the last 30 days (of the run's time) is left alone.
 */
export const HORIZON_DAYS = 400;
const DAY_MS = 24 * 3600 * 1000;

export async function handler(event: ScheduledEvent) {
  const now = new Date(jobNow(event) * 1000);
  const horizon = new Date(now.getTime() + HORIZON_DAYS * DAY_MS).toISOString();
  const due = await dueForRetimestamp(horizon);
  const counts: Record<RetimestampOutcome | 'failed', number> = {
    retimestamped: 0,
    recent: 0,
    gone: 0,
    lost: 0,
    raced: 0,
    failed: 0,
  };
  if (due.length === 0) return { due: 0, ...counts };
  const tsaUrl = await secret('TSA_URL');
  if (!tsaUrl) throw new Error('Missing TSA_URL');
  const fallback = await secret('TSA_URL_FALLBACK');
  const tsa = { tsaUrl, ...(fallback && fallback !== 'none' ? { tsaUrlFallback: fallback } : {}) };
  // One file at a time: each is a sealed PDF of up to ~10 MB held in memory.
  for (const d of due) {
    try {
      counts[await retimestampEvidence(d, now, tsa)]++;
    } catch (err) {
      counts.failed++;
      logger.error('re-timestamp failed', { orderId: d.orderId, error: (err as Error)?.name });
    }
  }
  logger.info('retimestamp-evidence done', { due: due.length, ...counts });
  // What failed (TSA or CA down) is retried: the run fails, Lambda runs it again.
  if (counts.failed > 0) throw new Error(`${counts.failed} of ${due.length} re-timestamps failed`);
  return { due: due.length, ...counts };
}
