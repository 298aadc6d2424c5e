import { expireWallet, ownersWithExpiredLots } from '../credits/ledger.js';
import { logger } from '../platform/logger.js';
import { jobNow, type ScheduledEvent } from './job-time.js';

/** Expires every lot whose date has passed (one transaction and one record per lot). */
export async function handler(event: ScheduledEvent) {
  const now = jobNow(event);
  let credits = 0;
  const owners = await ownersWithExpiredLots(now);
  for (const owner of owners) credits += await expireWallet(owner, () => now);
  logger.info('expire-credits done', { wallets: owners.length, credits });
  return { wallets: owners.length, credits };
}
