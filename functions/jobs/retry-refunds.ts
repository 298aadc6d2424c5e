import { RefundFailedError, settleRefund } from '../payments/refund.js';
import { listOpenRefunds } from '../payments/refund-repo.js';
import { logger } from '../platform/logger.js';
import type { ScheduledEvent } from './job-time.js';

/**
 * Retries every refund still owed (a Stripe call that failed, from the webhook or a status
 * poll) and queues every refund notice not yet queued (the mail outbox sends it). Each failure counts the RefundFailed metric
 * again, so the alarm stays on until the money is back. Safe to run twice: the refund's
 * idempotency key is fixed per payment and its e-mail goes out once.
 */
export async function handler(_event: ScheduledEvent) {
  const open = await listOpenRefunds();
  let refunded = 0;
  let failed = 0;
  for (const r of open) {
    try {
      const after = await settleRefund(r.payment_intent_id);
      if (r.status === 'pending' && after?.status === 'succeeded') refunded++;
    } catch (err) {
      if (!(err instanceof RefundFailedError)) throw err;
      failed++;
    }
  }
  logger.info('retry-refunds done', { open: open.length, refunded, failed });
  return { open: open.length, refunded, failed };
}
