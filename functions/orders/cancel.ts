import { logger } from '../platform/logger.js';
import { auditedWrite } from '../signing/trail/audited-write.js';
import { cancelCardOrder, getOrder, type OrderRecord } from './repo.js';
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
  const cancelled = await cancelOnTrail(order, paymentIntentId, reason, at);
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

/**
 * The cancellation, on the order's audit trail when it has one (a paid order's signing): one
 * transaction moves the status, records the 'cancelled' event and takes the order off the
 * sealing index, so a seal run in progress loses its commit (it requires 'processing') and the
 * sweep never starts another. A cancellation during sealing wins, and the trail says so.
 */
async function cancelOnTrail(
  order: OrderRecord,
  paymentIntentId: string,
  reason: 'refunded' | 'disputed',
  at: string,
): Promise<boolean> {
  if (!order.audit_head) return cancelCardOrder(order.id, paymentIntentId, reason, at);
  const res = await auditedWrite(order.id, at, (o) =>
    o.payment_intent_id !== paymentIntentId || o.status === 'cancelled'
      ? undefined
      : {
          items: [],
          events: [
            {
              kind: 'cancelled',
              actor: { type: 'system' },
              details: { reason, during: o.signing_stage ?? 'signing' },
            },
          ],
          order: {
            set: '#s = :c, cancel_reason = :r, cancelled_at = :now, updated_at = :now',
            remove: 'gsi2pk, gsi2sk, seal_lease_until',
            condition: 'payment_intent_id = :pi AND #s <> :c',
            names: { '#s': 'status' },
            values: { ':c': 'cancelled', ':r': reason, ':now': at, ':pi': paymentIntentId },
          },
        },
  );
  return res.ok;
}
