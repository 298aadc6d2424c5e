import * as routes from '../../shared/contract/routes/orders.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { systemClock } from '../platform/clock.js';
import { httpRoute } from '../platform/http.js';
import { listOrders } from './service.js';

/** The caller's order history: searched, filtered by period, paged, with stats. */
export const handler = httpRoute(routes.listOrders, async ({ caller, q }) =>
  listOrders(mustBeCaller(caller).sub, q, systemClock.now()),
);
