import * as routes from '../../shared/contract/routes/orders.js';
import { chatEs } from '../../shared/messages/chat.es.js';
import { ordersEs } from '../../shared/messages/orders.es.js';
import { postMessage } from '../notary/chat.js';
import { contextRoute } from '../organizations/acting-as.js';
import { systemClock } from '../platform/clock.js';
import { AppError, notFound } from '../platform/errors.js';
import { getOrderFor } from './access.js';

/** A message of the customer to the order's notary (409 with the reason when it may not). */
export const handler = contextRoute(routes.postOrderMessage, async ({ acting, params, body }) => {
  const order = await getOrderFor(params.id ?? '', acting);
  if (!order) throw notFound(ordersEs.orderNotFound);
  if (!order.assignment_id) throw new AppError('CONFLICT', chatEs.notAssigned);
  const message = await postMessage({
    side: 'customer',
    assignmentId: order.assignment_id,
    order,
    authorSub: acting.sub,
    key: body.idempotency_key,
    body: body.body,
    now: systemClock.now(),
  });
  return { message };
});
