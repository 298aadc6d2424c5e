import * as routes from '../../shared/contract/routes/orders.js';
import { contextRoute } from '../organizations/acting-as.js';
import { systemClock } from '../platform/clock.js';
import { withFileLinks } from '../signing/delivery/file-links.js';
import { cancelByCustomer } from './cancel-by-customer.js';
import { orderViewOf } from './service.js';

/** Cancels an order the work context may act on (404 for anyone else's, 409 once it ended). */
export const handler = contextRoute(routes.cancelOrder, async ({ acting, params }) => {
  const now = systemClock.now();
  const { order, refunded } = await cancelByCustomer(params.id ?? '', acting, now);
  const view = await orderViewOf(order, now);
  return {
    order: await withFileLinks(view, order, Math.floor(now.getTime() / 1000)),
    refunded,
  };
});
