import * as routes from '../../shared/contract/routes/orders.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { systemClock } from '../platform/clock.js';
import { httpRoute } from '../platform/http.js';
import { startCardPayment } from './checkout.js';

/** Starts the card payment of a complete pending request at its catalogue total. */
export const handler = httpRoute(routes.createOrderCardIntent, async ({ caller, body }) =>
  startCardPayment(mustBeCaller(caller).sub, body.request_id, body.form, systemClock.now()),
);
