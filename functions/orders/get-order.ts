import * as routes from '../../shared/contract/routes/orders.js';
import { ordersEs } from '../../shared/messages/orders.es.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { systemClock } from '../platform/clock.js';
import { notFound } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';
import { withFileLinks } from '../signing/file-links.js';
import { getOwnedOrder } from './repo.js';
import { orderViewOf } from './service.js';

/** One of the caller's orders with its lines, signers and file links (404 for anyone else's). */
export const handler = httpRoute(routes.getOrder, async ({ caller, params }) => {
  const now = systemClock.now();
  const sub = mustBeCaller(caller).sub;
  const record = await getOwnedOrder(params.id ?? '', sub);
  if (!record) throw notFound(ordersEs.orderNotFound);
  // The view and the file links come from this one read: read twice, a seal committed in
  // between showed 'Completado' without the signed file's link.
  const order = await orderViewOf(record, now);
  return { order: await withFileLinks(order, record, Math.floor(now.getTime() / 1000)) };
});
