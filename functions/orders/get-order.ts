import * as routes from '../../shared/contract/routes/orders.js';
import { ordersEs } from '../../shared/messages/orders.es.js';
import { contextRoute } from '../organizations/acting-as.js';
import { systemClock } from '../platform/clock.js';
import { notFound } from '../platform/errors.js';
import { withFileLinks } from '../signing/delivery/file-links.js';
import { getOrderFor } from './access.js';
import { orderViewOf } from './service.js';

/**
 * One order the work context may act on (access.ts) with its lines, signers and file links;
 * 404 for anyone else's.
 */
export const handler = contextRoute(routes.getOrder, async ({ acting, params }) => {
  const now = systemClock.now();
  const record = await getOrderFor(params.id ?? '', acting);
  if (!record) throw notFound(ordersEs.orderNotFound);
  // The view and the file links come from this one read: read twice, a seal committed in
  // between showed 'Completado' without the signed file's link.
  const order = await orderViewOf(record, now);
  return { order: await withFileLinks(order, record, Math.floor(now.getTime() / 1000)) };
});
