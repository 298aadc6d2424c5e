import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { signingLinkAfterSent } from '../orders/signing-link-outbox.js';
import { invitationAfterSent } from '../organizations/invitation-outbox.js';
import { refundNoticeAfterSent } from '../payments/refund.js';
import { logger } from '../platform/logger.js';
import { receiptAfterSent } from '../receipts/receipt-outbox.js';
import { deliveryLinkAfterSent } from '../signing/delivery/delivery-link-outbox.js';
import { orderNoticeAfterSent } from '../signing/delivery/notice-outbox.js';
import { defaultSenderDeps, deliverOutbox, NotYet, type SenderDeps } from './outbox-sender.js';

/**
 * The mail outbox's consumer (the mail-outbox queue in AWS; the local stack's queue on a
 * laptop). Each message names one outbox mail, `{"outbox_id": "..."}`, as the pipe from the
 * table's stream writes it (lib/queues.ts). A message whose mail could not go yet is reported
 * as a batch item failure: the queue brings it back after its visibility timeout, and after
 * maxReceiveCount tries it moves to the dead-letter queue, whose alarm calls an operator.
 */
/** What each kind of outbox mail checks before it goes and records once it went. */
export const afterSent: SenderDeps['after'] = {
  signing_link: signingLinkAfterSent,
  delivery_link: deliveryLinkAfterSent,
  refund_notice: refundNoticeAfterSent,
  order_notice: orderNoticeAfterSent,
  receipt: receiptAfterSent,
  invitation: invitationAfterSent,
};

const deps: SenderDeps = defaultSenderDeps(afterSent);

export const outboxIdOf = (body: string): string | undefined => {
  try {
    const id = (JSON.parse(body) as { outbox_id?: unknown }).outbox_id;
    return typeof id === 'string' && /^[0-9a-f-]{36}$/.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
};

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failed: SQSBatchResponse['batchItemFailures'] = [];
  await Promise.all(
    event.Records.map(async (record) => {
      const id = outboxIdOf(record.body);
      if (!id) {
        // Not ours to retry: a message that names no mail can never succeed.
        logger.error('outbox message without a mail id', { messageId: record.messageId });
        return;
      }
      try {
        await deliverOutbox(id, deps);
      } catch (err) {
        if (!(err instanceof NotYet)) {
          logger.warn('outbox delivery failed', { outboxId: id, error: (err as Error)?.name });
        }
        failed.push({ itemIdentifier: record.messageId });
      }
    }),
  );
  return { batchItemFailures: failed };
}
