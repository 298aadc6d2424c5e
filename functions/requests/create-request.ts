import * as routes from '../../shared/contract/routes/requests.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { systemClock } from '../platform/clock.js';
import { httpRoute } from '../platform/http.js';
import { createRequest, requestView } from './service.js';

export const handler = httpRoute(routes.createRequest, async ({ caller, body }) => ({
  request: await requestView(
    await createRequest(mustBeCaller(caller).sub, body, systemClock.now()),
  ),
}));
