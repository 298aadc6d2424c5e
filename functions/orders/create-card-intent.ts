import * as routes from '../../shared/contract/routes/orders.js';
import { contextRoute } from '../organizations/acting-as.js';
import { systemClock } from '../platform/clock.js';
import { startCardPayment } from './checkout.js';
import { payerOf } from './payer.js';

/** Starts the card payment of a complete pending request at its catalogue total. */
export const handler = contextRoute(routes.createOrderCardIntent, async ({ acting, body }) =>
  startCardPayment(acting.sub, payerOf(acting), body.request_id, body.form, systemClock.now()),
);
