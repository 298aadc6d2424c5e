import * as routes from '../../shared/contract/routes/requests.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { httpRoute } from '../platform/http.js';
import { ownedRequest, requestView } from './service.js';

/** Another user's request id answers 404, like an unknown one. */
export const handler = httpRoute(routes.getRequest, async ({ caller, params }) => ({
  request: await requestView(await ownedRequest(mustBeCaller(caller).sub, params.id ?? '')),
}));
