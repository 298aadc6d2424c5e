import type { OutboxAfter } from '../mail/outbox.js';
import type { AfterSent } from '../mail/outbox-sender.js';

type OrderNoticeAfter = Extract<OutboxAfter, { kind: 'order_notice' }>;

/** A notice about an order's signing goes as written: it is true whenever it is read. */
export const orderNoticeAfterSent: AfterSent<OrderNoticeAfter> = {
  skipReason: async () => undefined,
  writes: () => [],
};
