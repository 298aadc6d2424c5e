import * as routes from '../../shared/contract/routes/signing.js';
import { AUDIT_TRAIL_FORMAT } from '../../shared/contract/signing.js';
import { getOrderFor } from '../orders/access.js';
import { contextRoute } from '../organizations/acting-as.js';
import { notFound } from '../platform/errors.js';
import { checkOrderChain } from './trail/audit-repo.js';

/**
 * GET /api/orders/{id}/trail: the owner's copy of the order's audit trail, every event exactly as
 * its hash covers it (scripts/verify-trail.ts recomputes the chain from the order's genesis and
 * finds the head printed in the sealed PDF among its events).
 */
export const handler = contextRoute(routes.getOrderTrail, async ({ acting, params }) => {
  const order = await getOrderFor(params.id ?? '', acting);
  if (!order) throw notFound();
  const { events, check } = await checkOrderChain(order);
  return {
    format: AUDIT_TRAIL_FORMAT,
    order_id: order.id,
    order_number: order.order_number,
    exported_at: new Date().toISOString(),
    chain_head: order.audit_head ?? null,
    chain_ok: check.ok,
    events,
  };
});
