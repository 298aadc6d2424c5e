import * as routes from '../../shared/contract/routes/requests.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { httpRoute } from '../platform/http.js';
import { cart } from './service.js';

export const handler = httpRoute(routes.listRequests, async ({ caller }) => ({
  requests: await cart(mustBeCaller(caller).sub),
}));
