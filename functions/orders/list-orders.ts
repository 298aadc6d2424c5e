import * as routes from '../../shared/contract/routes/orders.js';
import { contextRoute } from '../organizations/acting-as.js';
import { systemClock } from '../platform/clock.js';
import { listOrders } from './service.js';

/** The work context's order history: searched, filtered by period, paged, with stats. */
export const handler = contextRoute(routes.listOrders, async ({ acting, q }) =>
  listOrders(acting, q, systemClock.now()),
);
