import * as routes from '../../shared/contract/routes/notary.js';
import { contextRoute } from '../organizations/acting-as.js';
import { readThread } from './chat.js';
import { notaryOf } from './notary-context.js';
import { ownAssignmentWithOrder } from './own-open-assignment.js';

/** The notary's side of the chat of one of its assignments (read: marked read). */
export const handler = contextRoute(routes.listNotaryMessages, async ({ acting, params }) => {
  const { a, order } = await ownAssignmentWithOrder(notaryOf(acting), params.id);
  return readThread('notary', a, order);
});
