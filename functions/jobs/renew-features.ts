import { renewDue } from '../features/service.js';
import { logger } from '../platform/logger.js';
import { jobNow, type ScheduledEvent } from './job-time.js';

/** Renews due feature subscriptions, or records the attempt when credits are short. */
export async function handler(event: ScheduledEvent) {
  const now = jobNow(event);
  const result = await renewDue(() => now);
  logger.info('renew-features done', result);
  return result;
}
