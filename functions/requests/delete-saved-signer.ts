import * as routes from '../../shared/contract/routes/requests.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { epochSeconds, systemClock } from '../platform/clock.js';
import { httpRoute } from '../platform/http.js';
import { deleteSavedSigner } from './service.js';

/** Another user's saved signer id is not among the caller's: 404. */
export const handler = httpRoute(routes.deleteSavedSigner, async ({ caller, params }) => {
  await deleteSavedSigner(
    mustBeCaller(caller).sub,
    params.id ?? '',
    epochSeconds(systemClock.now()),
  );
  return { ok: true as const };
});
