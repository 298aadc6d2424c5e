import { fmt } from '../../../shared/messages/fmt.js';
import { signingEs as t } from '../../../shared/messages/signing.es.js';
import { outboxPut } from '../../mail/outbox.js';
import { refundOf, refundText, sendWithRefund, settleAfter } from '../../orders/order-refund.js';
import { failedConditions, getOrder, type OrderRecord } from '../../orders/repo.js';
import { required } from '../../platform/config.js';
import { logger } from '../../platform/logger.js';
import { layout } from '../../platform/mail-templates.js';
import { countMetric, METRICS } from '../../platform/metrics.js';
import type { AuditedChange } from '../trail/audited-write.js';
import { composeAudited } from '../trail/audited-write.js';

/**
 * A seal that can never be made (docs/resilience.md "Sealing"): the signed document or a
 * signature image cannot be composed (the same on every try), or the original's bytes or the
 * audit chain are not what was recorded. Retrying would only stall the order for good, so ONE
 * transaction ends it: status 'cancelled', signing_stage 'seal_failed' (off the sealing index:
 * the sweep never restarts it), 'seal_failed', 'cancelled' and 'refund_queued' on the trail, the
 * requester's notice in the outbox, and what was paid comes back exactly once (order-refund.ts).
 * The SealFailed metric's alarm calls an operator. What a retry can fix (a TSA or S3 that is
 * down or slow) never comes here: the queue retries it and the sweep restarts it.
 */
class LostRace extends Error {}

const ATTEMPTS = 6;

/** Ends a sealing order as seal_failed with its refund; false when it was not sealing anymore. */
/** Failures no retry can fix: the same input fails the same way every time. */
export function isTerminalSealError(err: unknown): boolean {
  const name = (err as Error | undefined)?.name;
  return name === 'SealInputError' || name === 'SealHashMismatch' || name === 'SealIntegrityError';
}

export async function failSeal(orderId: string, why: string, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const order = await getOrder(orderId);
    if (order?.signing_stage !== 'sealing' || order.status !== 'processing') return false;
    const refund = refundOf(order, 'seal_failed', nowIso);
    const change: AuditedChange = {
      items: [
        outboxPut(
          sealFailedMail(order, refund.byCredits),
          { kind: 'order_notice', order_id: order.id, notice: 'seal_failed' },
          now,
        ),
        ...refund.items,
      ],
      events: [
        { kind: 'seal_failed', actor: { type: 'system' }, details: { reason: why.slice(0, 200) } },
        { kind: 'cancelled', actor: { type: 'system' }, details: { reason: 'seal_failed' } },
        refund.event,
      ],
      order: {
        set: '#st = :cancelled, signing_stage = :failed, cancel_reason = :failed, cancelled_at = :now, updated_at = :now',
        remove: 'gsi2pk, gsi2sk, seal_lease_until',
        condition: '#st = :processing AND signing_stage = :sealing',
        names: { '#st': 'status' },
        values: {
          ':cancelled': 'cancelled',
          ':failed': 'seal_failed',
          ':now': nowIso,
          ':processing': 'processing',
          ':sealing': 'sealing',
        },
      },
    };
    const { items } = composeAudited(order, change, nowIso);
    try {
      await sendWithRefund(order, 'seal_failed', items, now, () => new LostRace());
    } catch (err) {
      // Another writer moved the order (its audit head, a cancellation): read it again.
      if (err instanceof LostRace || failedConditions(err)) {
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 15 * (attempt + 1)));
        continue;
      }
      throw err;
    }
    countMetric(METRICS.sealFailed);
    logger.error('seal failed for good: order cancelled and refunded', { orderId, why });
    await settleAfter(order);
    return true;
  }
  return false;
}

function sealFailedMail(order: OrderRecord, byCredits: boolean) {
  const base = required('APP_URL').replace(/\/+$/, '');
  const refund = refundText(order, byCredits);
  return {
    to: order.billing.email,
    subject: fmt(t.sealFailedMailSubject, { title: order.title }).replace(/\s+/g, ' ').trim(),
    ...layout({
      greeting: fmt(t.rejectedMailGreeting, { name: order.billing.first_name }),
      body: fmt(t.sealFailedMailBody, {
        document: order.document_name,
        number: order.order_number,
        refund,
      }),
      action: t.rejectedMailAction,
      url: `${base}/mis-pedidos`,
      note: t.sealFailedMailNote,
    }),
  };
}
