import * as routes from '../../shared/contract/routes/orders.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { httpRoute } from '../platform/http.js';
import { orderPaymentStatus } from './checkout.js';

/** Where one of the caller's order payments stands; makes the order once it has succeeded. */
export const handler = httpRoute(routes.getOrderPaymentStatus, async ({ caller, params }) =>
  orderPaymentStatus(mustBeCaller(caller).sub, params.id ?? ''),
);
