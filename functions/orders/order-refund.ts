import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { fmt } from '../../shared/messages/fmt.js';
import { signingEs as t } from '../../shared/messages/signing.es.js';
import { restoreSpend } from '../credits/ledger.js';
import { settleRefundQuietly } from '../payments/refund.js';
import { refundPut } from '../payments/refund-repo.js';
import { db } from '../platform/db.js';
import { beforeWrite } from '../platform/deadline.js';
import { issueCreditsRefundReceipt, issueQuietly } from '../receipts/issue.js';
import type { AuditInput } from '../signing/trail/audit-chain.js';
import type { TransactItem } from './keys.js';
import { walletOwnerOf } from './payer.js';
import type { OrderRecord } from './repo.js';

/**
 * What ending a paid order gives back, for the ends that owe it (a signer's rejection, a seal
 * that cannot be made, the customer's cancellation: functions/orders/cancel-by-customer.ts):
 * credits restored to the lots they were spent from, in the very
 * transaction that ends the order (its key `order-{why}:{orderId}`, so a repeat gives nothing
 * twice), a card through a
 * REFUND# record in that transaction, settled with Stripe right after and by the retry-refunds
 * job until it is done.
 */
export type OrderEndReason =
  | 'signer_rejected'
  | 'seal_failed'
  /** The customer cancelled it (issue 21), or cancelled it because it was not deliverable. */
  | 'customer_cancelled'
  | 'unavailable'
  /** The notary rejected its notarial service: that part only comes back (notary/reject.ts). */
  | 'notary_rejected';

/** A refund of part of the order: this money (card) or these credits (credits orders). */
export interface RefundPart {
  amount: number;
  credits: number;
}

const byCreditsOf = (order: OrderRecord) =>
  order.payment_method_mix === 'full_credits' && order.credits_used > 0;

/** The transaction elements and the trail event of the refund (none for credits: the grant). */
export function refundOf(
  order: OrderRecord,
  reason: OrderEndReason,
  nowIso: string,
  part?: RefundPart,
): { byCredits: boolean; items: TransactItem[]; event: AuditInput } {
  const byCredits = byCreditsOf(order);
  const amount = part ? part.amount : order.total_price;
  const credits = part ? part.credits : order.credits_used;
  const items: TransactItem[] =
    !byCredits && order.payment_intent_id && amount > 0
      ? [
          refundPut({
            payment_intent_id: order.payment_intent_id,
            kind: 'order',
            reason,
            user_sub: order.user_sub,
            label: order.request_number,
            amount,
            ...(part ? { partial: true } : {}),
            currency_code: order.currency_code,
            status: 'pending',
            refund_id: null,
            attempts: 0,
            last_error: null,
            created_at: nowIso,
            updated_at: nowIso,
          }),
        ]
      : [];
  return {
    byCredits,
    items,
    event: {
      kind: 'refund_queued',
      actor: { type: 'system' },
      details: byCredits
        ? { credits, ...(part ? { partial: true } : {}) }
        : { amount, currency: order.currency_code, ...(part ? { partial: true } : {}) },
    },
  };
}

const DESCRIPTIONS: Record<OrderEndReason, string> = {
  signer_rejected: t.rejectedRefundDescription,
  seal_failed: t.sealFailedRefundDescription,
  customer_cancelled: t.cancelledRefundDescription,
  unavailable: t.unavailableRefundDescription,
  notary_rejected: t.notaryRejectedRefundDescription,
};

/**
 * The ledger key of each end's refund, `{prefix}:{orderId}`. The two cancellations share one:
 * an order is given back once, whichever way its customer cancelled it.
 */
const KEY_PREFIXES: Record<OrderEndReason, string> = {
  signer_rejected: 'order-reject',
  seal_failed: 'order-seal_failed',
  customer_cancelled: 'order-cancel',
  unavailable: 'order-cancel',
  notary_rejected: 'order-notary-reject',
};

/**
 * Sends the order's ending transaction (`items`, from composeAudited with refundOf's items),
 * with the credits' refund grant in it when the order was paid with credits. A failed condition
 * throws `lost()` (credits) or the SDK's error (card), for the caller to read again.
 */
export async function sendWithRefund(
  order: OrderRecord,
  reason: OrderEndReason,
  items: TransactItem[],
  now: Date,
  lost: () => Error,
  part?: RefundPart,
): Promise<void> {
  beforeWrite();
  // Nothing to give back in credits (a part worth less than one credit): the end alone.
  if (!byCreditsOf(order) || (part && part.credits <= 0)) {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
    return;
  }
  const epoch = () => Math.floor(now.getTime() / 1000);
  // The credits go back to the lots they came from (their expiry, their card payment), not
  // as a fresh grant: a later dispute of that payment still takes them back.
  const restored = await restoreSpend(
    {
      ownerId: walletOwnerOf(order),
      spendKey: `order:${order.credits_idempotency_key}`,
      spentFor: order.id,
      description: fmt(DESCRIPTIONS[reason], { number: order.order_number }),
      related_entity_type: 'order',
      related_entity_id: order.id,
      idempotencyKey: `${KEY_PREFIXES[reason]}:${order.id}`,
      ...(part ? { credits: part.credits } : {}),
    },
    epoch,
    { items, onConditionFailed: lost },
  );
  // The credits' receipt (issue 21), once; a card refund's comes when Stripe has made it.
  await issueQuietly('credits restored', () => issueCreditsRefundReceipt(order, restored.entry));
}

/** How a notice to the requester says what comes back ('{credits} créditos…' or the card's). */
export function refundText(order: OrderRecord, byCredits: boolean): string {
  return byCredits
    ? fmt(t.rejectedMailRefundCredits, { credits: order.credits_used })
    : t.rejectedMailRefundCard;
}

/** After the transaction: a card refund is settled with Stripe now (the job retries it). */
export async function settleAfter(order: OrderRecord): Promise<void> {
  if (!byCreditsOf(order) && order.payment_intent_id) {
    await settleRefundQuietly(order.payment_intent_id);
  }
}
