import type { RouteAccess } from './routes.js';

/**
 * Queue consumers: an SQS queue with its dead-letter queue and a function in AWS (lib/queues.ts),
 * the local stack's in-memory queue on a laptop (local/outbox/). One today: the mail outbox.
 */
export interface QueueSpec {
  /** Kebab-case, unique: names the queue, its DLQ and its function. */
  name: string;
  /** functions/<handler>.ts exports `handler` (an SQS event in, batch item failures out). */
  handler: `mail/${string}`;
  access: RouteAccess;
  description: string;
  /** A message not acknowledged comes back after this long (the retry interval). */
  visibilityTimeoutSeconds: number;
  /** Deliveries before a message moves to the dead-letter queue (and its alarm fires). */
  maxReceiveCount: number;
  /** Function timeout; below the visibility timeout, as SQS requires. */
  timeoutSeconds: number;
}

export const mailOutboxQueue: QueueSpec = {
  name: 'mail-outbox',
  handler: 'mail/send-outbox',
  access: { table: 'write', mail: true },
  description: 'Sends the e-mails written to the outbox (signing links), with retries',
  visibilityTimeoutSeconds: 30,
  // 30 s apart: two hours of mail outage before a message is given up to the DLQ.
  maxReceiveCount: 240,
  timeoutSeconds: 20,
};

export const queues: readonly QueueSpec[] = [mailOutboxQueue];

/**
 * The entity tag of outbox items (functions/mail/outbox.ts): the stream filter of the pipe
 * (lib/mail-outbox.ts) and of the local pipe (local/outbox/stream-pipe.ts) picks items by it.
 */
export const OUTBOX_TYPE = 'Outbox';
