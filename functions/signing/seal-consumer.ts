import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../platform/logger.js';
import { isTerminalSealError } from './sealing/seal-failure.js';
import { sealOrder } from './sealing/seal-order.js';

/**
 * The seal-documents queue's consumer. Each message names an order, `{"order_id": ...}`, as the
 * pipe writes it from a new seal run. A run that failed (TSA or S3 down) is a batch item
 * failure: the queue brings it back (3 min in AWS), and after 10 tries the DLQ's alarm fires;
 * an order whose lease another run holds comes back the same way. A run that can never succeed
 * (a document or image that cannot be composed, the original or the audit chain not as
 * recorded) is not retried: it ended the order seal_failed, refunded, and its alarm fires.
 */
const orderIdOf = (body: string): string | undefined => {
  try {
    const id = (JSON.parse(body) as { order_id?: unknown }).order_id;
    return typeof id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
};

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failed: SQSBatchResponse['batchItemFailures'] = [];
  // One at a time: a seal holds a document and its PDF in memory.
  for (const record of event.Records) {
    const orderId = orderIdOf(record.body);
    if (!orderId) {
      logger.error('seal message without an order id', { messageId: record.messageId });
      continue;
    }
    try {
      const outcome = await sealOrder(orderId);
      if (outcome === 'leased') failed.push({ itemIdentifier: record.messageId });
      else logger.info('seal run', { orderId, outcome });
    } catch (err) {
      logger.error('seal run failed', { orderId, error: (err as Error)?.name });
      // Only what a retry can fix comes back; a terminal failure already ended the order.
      if (!isTerminalSealError(err)) failed.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failed };
}
