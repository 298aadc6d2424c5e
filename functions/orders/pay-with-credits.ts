import * as routes from '../../shared/contract/routes/orders.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { systemClock } from '../platform/clock.js';
import { httpRoute } from '../platform/http.js';
import { payWithCredits } from './checkout.js';

/** Pays a pending request with credits: debit and order in one transaction, once per key. */
export const handler = httpRoute(routes.payOrderWithCredits, async ({ caller, body }) => ({
  order: await payWithCredits(mustBeCaller(caller).sub, body, systemClock.now()),
}));
