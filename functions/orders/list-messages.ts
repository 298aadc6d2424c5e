import * as routes from '../../shared/contract/routes/orders.js';
import { ordersEs } from '../../shared/messages/orders.es.js';
import { getAssignment } from '../notary/assignments-repo.js';
import { readThread } from '../notary/chat.js';
import { contextRoute } from '../organizations/acting-as.js';
import { notFound } from '../platform/errors.js';
import { getOrderFor } from './access.js';

/**
 * The customer's side of the chat with the order's notary (the order modal): the current
 * assignment's thread (an order without a notary yet has none: empty, with the reason).
 */
export const handler = contextRoute(routes.listOrderMessages, async ({ acting, params }) => {
  const order = await getOrderFor(params.id ?? '', acting);
  if (!order) throw notFound(ordersEs.orderNotFound);
  const a = order.assignment_id ? await getAssignment(order.assignment_id) : undefined;
  return readThread('customer', a, order);
});
