import * as routes from '../../shared/contract/routes/requests.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { httpRoute } from '../platform/http.js';
import { deleteRequest } from './service.js';

/** Only pending requests (cart items) can be deleted; a paid one answers 409. */
export const handler = httpRoute(routes.deleteRequest, async ({ caller, params }) => {
  await deleteRequest(mustBeCaller(caller).sub, params.id ?? '');
  return { ok: true as const };
});
