import { getOrder } from '../../orders/repo.js';
import type { AuditInput } from './audit-chain.js';
import { appendAudit, auditHeadOf } from './audit-repo.js';

/**
 * An order's audit event recording a mail SES accepted (a signing link, a notice, a delivery):
 * appended on its own after the outbox marked the mail sent.
 */
export async function recordMailEvent(
  orderId: string,
  input: Omit<AuditInput, 'actor'>,
  sentAt: Date,
): Promise<void> {
  await appendAudit(
    orderId,
    async () => {
      const order = await getOrder(orderId);
      return order ? auditHeadOf(order) : undefined;
    },
    [{ ...input, actor: { type: 'system' } }],
    sentAt.toISOString(),
  );
}
