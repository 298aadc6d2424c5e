import type { NotaryRejection } from '../../shared/contract/notarized.js';
import {
  type RejectionReason,
  notaryRejectionEs as t,
} from '../../shared/messages/notary-rejection.es.js';
import { notarialPart } from '../../shared/rules/notarial-refund.js';
import { outboxPut } from '../mail/outbox.js';
import { refundOf, sendWithRefund, settleAfter } from '../orders/order-refund.js';
import { getOrderParts, type OrderRecord } from '../orders/repo.js';
import { AppError } from '../platform/errors.js';
import { RebuildChange } from '../signing/trail/audited-write.js';
import type { ActionInput } from './actions.js';
import type { AssignmentRecord } from './assignments-repo.js';
import { decide } from './decide.js';
import { discardUndelivered } from './notarized-files.js';
import { rejectedMail } from './rejection-mail.js';

export interface RejectInput extends ActionInput {
  reasonCode: RejectionReason;
  reasonDetail: string;
}

/**
 * The decision 'reject': the notary cannot do the notarial service. The order keeps its
 * signatures and sealed file (they were made and delivered) and ends 'completed' with
 * `notarial_stage = rejected`; the customer is told why, and the notarial part of the price
 * comes back exactly once, in the decision's own transaction: a card through a partial REFUND#
 * record (settled with Stripe right after, and by the retry job until done), credits to the lots
 * they were spent from (ledger key `order-notary-reject:{id}`). A repeat answers the rejected
 * assignment.
 */
export function reject(input: RejectInput): Promise<AssignmentRecord> {
  // The form's rule, again: "Otro motivo" must say what it is.
  if (input.reasonCode === 'other' && input.reasonDetail.trim().length < 10) {
    throw new AppError('VALIDATION', t.detailInvalid, { reason_detail: t.detailInvalid });
  }
  const nowIso = input.now.toISOString();
  return decide(input, async (order: OrderRecord) => {
    const { lines } = await getOrderParts(order);
    const byCredits = order.payment_method_mix === 'full_credits' && order.credits_used > 0;
    const paid = byCredits || !!order.payment_intent_id;
    const part = paid
      ? notarialPart(lines, {
          total_price: order.total_price,
          credits_used: order.credits_used,
          paid_with_credits: byCredits,
        })
      : { amount: 0, credits: 0 };
    const rejection: NotaryRejection = {
      reason_code: input.reasonCode,
      reason_detail: input.reasonDetail,
      refund_amount: byCredits ? 0 : part.amount,
      refund_credits: byCredits ? part.credits : 0,
      currency_code: order.currency_code,
      rejected_at: nowIso,
    };
    const refund = part.amount > 0 ? refundOf(order, 'notary_rejected', nowIso, part) : undefined;
    return {
      status: 'rejected',
      event: 'notary_rejected',
      details: { reason_code: input.reasonCode },
      assignmentSet: { expr: 'rejection = :d_rej', values: { ':d_rej': rejection } },
      orderSet: { expr: 'notary_rejection = :d_rej', values: { ':d_rej': rejection } },
      moreItems: refund?.items ?? [],
      moreEvents: refund ? [refund.event] : [],
      notices: (o, notaryName, a) => [
        outboxPut(
          rejectedMail(o, notaryName, a.service_name, rejection),
          { kind: 'order_notice', order_id: o.id, notice: 'notary_rejected' },
          input.now,
        ),
      ],
      // Credits go back with the ledger's own writes, in this one transaction.
      sender: refund
        ? (items, o) =>
            sendWithRefund(o, 'notary_rejected', items, input.now, () => new RebuildChange(), part)
        : undefined,
      after: async (o) => {
        if (refund) await settleAfter(o);
        // Files it may have checked before deciding to reject are nobody's now.
        await discardUndelivered(input.assignmentId);
      },
    };
  });
}
