import type { OutboxAfter } from '../mail/outbox.js';
import type { AfterSent } from '../mail/outbox-sender.js';
import { receiptMailedUpdate } from './repo.js';

/** The outbox's view of a receipt e-mail: always worth sending; records the receipt's `mailed_at`. */
export const receiptAfterSent: AfterSent<Extract<OutboxAfter, { kind: 'receipt' }>> = {
  skipReason: async () => undefined,
  writes: (after, now) => [receiptMailedUpdate(after.receipt_id, now.toISOString())],
};
