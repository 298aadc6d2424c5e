import * as routes from '../../shared/contract/routes/notary.js';
import { contextRoute } from '../organizations/acting-as.js';
import { systemClock } from '../platform/clock.js';
import { postMessage } from './chat.js';
import { notaryOf } from './notary-context.js';
import { ownAssignmentWithOrder } from './own-open-assignment.js';

/** A message of the notary to the customer (409 with the reason when it may not write). */
export const handler = contextRoute(routes.postNotaryMessage, async ({ acting, params, body }) => {
  const { a, order } = await ownAssignmentWithOrder(notaryOf(acting), params.id);
  const message = await postMessage({
    side: 'notary',
    assignmentId: a.id,
    order,
    authorSub: acting.sub,
    key: body.idempotency_key,
    body: body.body,
    now: systemClock.now(),
  });
  return { message };
});
