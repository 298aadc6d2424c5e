import * as routes from '../../shared/contract/routes/requests.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { epochSeconds, systemClock } from '../platform/clock.js';
import { httpRoute } from '../platform/http.js';
import { savedSigners } from './service.js';

/** Without the saved_signers_access feature: { has_access: false, signers: [] }. */
export const handler = httpRoute(routes.listSavedSigners, async ({ caller }) =>
  savedSigners(mustBeCaller(caller).sub, epochSeconds(systemClock.now())),
);
