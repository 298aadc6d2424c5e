import * as routes from '../../shared/contract/routes/orders.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { systemClock } from '../platform/clock.js';
import { httpRoute } from '../platform/http.js';
import { renameOrder } from './service.js';

/** Renames one of the caller's orders (trimmed; the same title writes nothing). */
export const handler = httpRoute(routes.updateOrderTitle, async ({ caller, params, body }) => ({
  order: await renameOrder(
    params.id ?? '',
    mustBeCaller(caller).sub,
    body.title,
    systemClock.now(),
  ),
}));
