import * as routes from '../../shared/contract/routes/orders.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { systemClock } from '../platform/clock.js';
import { httpRoute } from '../platform/http.js';
import { withFileLinks } from '../signing/file-links.js';
import { cancelByCustomer } from './cancel-by-customer.js';
import { orderViewOf } from './service.js';

/** The customer cancels one of their orders (404 for anyone else's, 409 once it ended). */
export const handler = httpRoute(routes.cancelOrder, async ({ caller, params }) => {
  const now = systemClock.now();
  const { order, refunded } = await cancelByCustomer(
    params.id ?? '',
    mustBeCaller(caller).sub,
    now,
  );
  const view = await orderViewOf(order, now);
  return {
    order: await withFileLinks(view, order, Math.floor(now.getTime() / 1000)),
    refunded,
  };
});
