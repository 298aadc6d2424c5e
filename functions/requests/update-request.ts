import * as routes from '../../shared/contract/routes/requests.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { systemClock } from '../platform/clock.js';
import { httpRoute } from '../platform/http.js';
import { requestView, updateRequest } from './service.js';

export const handler = httpRoute(routes.updateRequest, async ({ caller, params, body }) => ({
  request: await requestView(
    await updateRequest(mustBeCaller(caller).sub, params.id ?? '', body, systemClock.now()),
  ),
}));
