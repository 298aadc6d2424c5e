import * as routes from '../../shared/contract/routes/orders.js';
import { contextRoute } from '../organizations/acting-as.js';
import { systemClock } from '../platform/clock.js';
import { renameOrder } from './service.js';

/** Renames an order the work context may act on (trimmed; the same title writes nothing). */
export const handler = contextRoute(routes.updateOrderTitle, async ({ acting, params, body }) => ({
  order: await renameOrder(params.id ?? '', acting, body.title, systemClock.now()),
}));
