import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import { fromStripeAmount, toStripeAmount } from '../../shared/rules/currency.js';
import { type OutboxAfter, outboxPut } from '../mail/outbox.js';
import type { AfterSent } from '../mail/outbox-sender.js';
import type { TransactItem } from '../orders/keys.js';
import { type Clock, systemClock } from '../platform/clock.js';
import { db } from '../platform/db.js';
import { logger } from '../platform/logger.js';
import { countMetric, METRICS } from '../platform/metrics.js';
import { getProfile } from '../profile/repo.js';
import { issueQuietly, issueRefundReceipt } from '../receipts/issue.js';
import { refundMail } from './refund-mail.js';
import {
  getRefund,
  queueRefundNotice,
  type RefundKind,
  type RefundReason,
  type RefundRecord,
  recordRefunded,
  recordRefundFailure,
  recordRefundMailed,
  refundMailedUpdate,
  refundPut,
} from './refund-repo.js';
import { stripe } from './stripe-client.js';

/**
 * Automatic refunds: money that arrived but cannot become an order or credits goes back to the
 * card, the customer is told, and nothing about it is only a log line.
 *
 * 1. decideRefund writes, in ONE transaction, the payment's marker (what it became: here "a
 *    refund"; ORDERPAY# or PKGPAY#, the very item the order or the grant would write, so a
 *    payment is either fulfilled or refunded, never both) and the REFUND record ('pending').
 * 2. settleRefund asks Stripe for the refund with the idempotency key `refund:{pi}` (a retry can
 *    never refund twice; a full refund already made answers `charge_already_refunded`, which
 *    counts as done), records it, and queues the customer's notice in the mail outbox once.
 * A failed call leaves the record 'pending' and counts the RefundFailed metric (alarm in AWS);
 * the webhook then answers 5xx so Stripe delivers the event again, and the retry-refunds job
 * retries every open refund in any case.
 */
export interface RefundDeps {
  clock: Clock;
}

const defaults: RefundDeps = { clock: systemClock };

export class RefundFailedError extends Error {
  constructor(paymentIntentId: string, code: string) {
    super(`refund of ${paymentIntentId} failed (${code})`);
    this.name = 'RefundFailedError';
  }
}

export interface RefundDecision {
  pi: Stripe.PaymentIntent;
  kind: RefundKind;
  reason: RefundReason;
  userSub: string;
  label: string;
  /** The payment's marker saying "refund": the same key a fulfilment would have written. */
  marker: TransactItem;
}

/** True when this call decided the refund; false when the payment was decided before. */
export async function decideRefund(d: RefundDecision, now: Date): Promise<boolean> {
  const currency = d.pi.currency.toUpperCase();
  const record: RefundRecord = {
    payment_intent_id: d.pi.id,
    kind: d.kind,
    reason: d.reason,
    user_sub: d.userSub,
    label: d.label,
    amount: fromStripeAmount(d.pi.amount_received || d.pi.amount, d.pi.currency),
    currency_code: currency,
    status: 'pending',
    refund_id: null,
    attempts: 0,
    last_error: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  try {
    await db().send(new TransactWriteCommand({ TransactItems: [d.marker, refundPut(record)] }));
  } catch (err) {
    if ((err as { name?: string })?.name === 'TransactionCanceledException') return false;
    throw err;
  }
  logger.warn('payment to refund', {
    paymentIntent: d.pi.id,
    kind: d.kind,
    reason: d.reason,
  });
  return true;
}

/** Stripe's error code, else its raw type ('api_error'), else the error's name. */
const stripeCode = (err: unknown) => {
  const e = err as { code?: string; rawType?: string; type?: string; name?: string };
  return e?.code ?? e?.rawType ?? e?.type ?? e?.name ?? 'unknown';
};

/**
 * Makes the refund of a decided payment happen (no-op once done) and tells the customer.
 * Throws RefundFailedError when Stripe refused or did not answer: the record stays 'pending'.
 */
export async function settleRefund(
  paymentIntentId: string,
  deps: RefundDeps = defaults,
): Promise<RefundRecord | undefined> {
  const record = await getRefund(paymentIntentId);
  if (!record) return undefined;
  if (record.status === 'pending') {
    let refundId: string | null = null;
    try {
      const client = await stripe();
      const refund = await client.refunds.create(
        {
          payment_intent: paymentIntentId,
          ...(record.partial
            ? { amount: toStripeAmount(record.amount, record.currency_code) }
            : {}),
          reason: record.reason === 'already_paid' ? 'duplicate' : 'requested_by_customer',
          metadata: { sello_kind: record.kind, sello_reason: record.reason },
        },
        { idempotencyKey: `refund:${paymentIntentId}` },
      );
      refundId = refund.id;
    } catch (err) {
      const code = stripeCode(err);
      if (code !== 'charge_already_refunded') {
        await recordRefundFailure(paymentIntentId, code, deps.clock.now().toISOString());
        countMetric(METRICS.refundFailed);
        logger.error('refund failed', {
          paymentIntent: paymentIntentId,
          attempts: record.attempts + 1,
          error: code,
        });
        throw new RefundFailedError(paymentIntentId, code);
      }
    }
    const first = await recordRefunded(paymentIntentId, refundId, deps.clock.now().toISOString());
    if (first) {
      logger.info('payment refunded', { paymentIntent: paymentIntentId, refundId });
      await tellCustomer({ ...record, status: 'succeeded', refund_id: refundId }, deps);
    }
  } else if (!record.mailed_at && !record.notice_queued_at) {
    await tellCustomer(record, deps);
  }
  const settled = await getRefund(paymentIntentId);
  // The refund's receipt, once it is made (issue 21); every later settle finds it issued.
  if (settled?.status === 'succeeded') {
    await issueQuietly('card refund', () => issueRefundReceipt(settled, deps.clock));
  }
  return settled;
}

/**
 * The customer's e-mail about the refund, handed to the mail outbox once per refund (a
 * conditional transaction: two callers settling at once queue one notice). A failure is logged
 * and the record stays on the open list, so the webhook or the job queues it later; it never
 * undoes or repeats the refund.
 */
async function tellCustomer(record: RefundRecord, deps: RefundDeps): Promise<void> {
  try {
    const now = deps.clock.now();
    const profile = await getProfile(record.user_sub);
    if (!profile?.email) {
      logger.warn('refunded customer has no profile e-mail', {
        paymentIntent: record.payment_intent_id,
      });
      await recordRefundMailed(record.payment_intent_id, now.toISOString());
      return;
    }
    await queueRefundNotice(
      record.payment_intent_id,
      now.toISOString(),
      outboxPut(
        refundMail(profile.email, profile.first_name ?? '', record),
        { kind: 'refund_notice', payment_intent_id: record.payment_intent_id },
        now,
      ),
    );
  } catch (err) {
    logger.error('refund e-mail not queued', {
      paymentIntent: record.payment_intent_id,
      error: (err as Error)?.name,
    });
  }
}

/** The outbox's view of a refund notice: always worth sending; records `mailed_at`. */
export const refundNoticeAfterSent: AfterSent<Extract<OutboxAfter, { kind: 'refund_notice' }>> = {
  skipReason: async () => undefined,
  writes: (after, now) => [refundMailedUpdate(after.payment_intent_id, now.toISOString())],
};

/**
 * settleRefund for callers that answer anyway: a failure is on record (the refund stays
 * 'pending', which this answers) and the webhook or the job tries again.
 */
export async function settleRefundQuietly(paymentIntentId: string, deps: RefundDeps = defaults) {
  try {
    return await settleRefund(paymentIntentId, deps);
  } catch (err) {
    if (!(err instanceof RefundFailedError)) throw err;
    return getRefund(paymentIntentId);
  }
}
