import * as routes from '../../shared/contract/routes/orders.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { systemClock } from '../platform/clock.js';
import { httpRoute } from '../platform/http.js';
import { orderView } from './service.js';

/** One of the caller's orders with its lines and signers (404 for anyone else's). */
export const handler = httpRoute(routes.getOrder, async ({ caller, params }) => ({
  order: await orderView(params.id ?? '', mustBeCaller(caller).sub, systemClock.now()),
}));
