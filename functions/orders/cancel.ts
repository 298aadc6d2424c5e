import { logger } from '../platform/logger.js';
import { cancelCardOrder, getOrder } from './repo.js';
import { revokeSignerLink } from './signer-records.js';

/**
 * An order whose card payment was refunded or disputed is cancelled ('Cancelado', customer-
 * flows order states) and every signing link of it stops working at once: the signers' token
 * hashes are removed and no link is issued again (claims and resends check link_revoked_at).
 * The request stays paid and its document locked: the record of what was ordered stays as it
 * was. Safe to repeat: a replay cancels nothing twice and revokes what is already revoked.
 */
export async function cancelPaidOrder(
  orderId: string,
  paymentIntentId: string,
  reason: 'refunded' | 'disputed',
  now: Date,
): Promise<boolean> {
  const order = await getOrder(orderId);
  if (!order || order.payment_intent_id !== paymentIntentId) return false;
  const at = now.toISOString();
  const cancelled = await cancelCardOrder(orderId, paymentIntentId, reason, at);
  await Promise.all(order.signer_ids.map((id) => revokeSignerLink(id, orderId, at)));
  if (cancelled) {
    logger.warn('order cancelled: its payment was taken back', {
      orderId,
      paymentIntent: paymentIntentId,
      reason,
      signers: order.signer_ids.length,
    });
  }
  return cancelled;
}
