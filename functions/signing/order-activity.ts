import * as routes from '../../shared/contract/routes/signing.js';
import { getOrderFor } from '../orders/access.js';
import { contextRoute } from '../organizations/acting-as.js';
import { notFound } from '../platform/errors.js';
import { activityOf } from './trail/activity-view.js';

/**
 * GET /api/orders/{id}/activity: the order's audit trail for its owner ('Actividad', as
 * activity-view.ts names and dates it).
 */
export const handler = contextRoute(routes.getOrderActivity, async ({ acting, params }) => {
  const order = await getOrderFor(params.id ?? '', acting);
  if (!order) throw notFound();
  return activityOf(order);
});
