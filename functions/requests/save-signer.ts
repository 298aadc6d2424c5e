import * as routes from '../../shared/contract/routes/requests.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { systemClock } from '../platform/clock.js';
import { httpRoute } from '../platform/http.js';
import { saveSigner } from './service.js';

export const handler = httpRoute(routes.saveSigner, async ({ caller, body }) => ({
  signer: await saveSigner(mustBeCaller(caller).sub, body, systemClock.now()),
}));
