import type { OutboxAfter } from '../../mail/outbox.js';
import type { AfterSent } from '../../mail/outbox-sender.js';
import { recordMailEvent } from '../trail/mail-evidence.js';

type OrderNoticeAfter = Extract<OutboxAfter, { kind: 'order_notice' }>;

/** A notice about an order's signing goes as written: it is true whenever it is read. */
export const orderNoticeAfterSent: AfterSent<OrderNoticeAfter> = {
  skipReason: async () => undefined,
  writes: () => [],
  // A delivery mail that went is the 'delivered' evidence; the others are mails sent.
  recorded: (after, sentAt) =>
    recordMailEvent(
      after.order_id,
      after.notice === 'signing_delivery'
        ? { kind: 'delivered', details: { mail: after.notice } }
        : { kind: 'email_sent', details: { mail: after.notice } },
      sentAt,
    ),
};
