import * as routes from '../../shared/contract/routes/features.js';
import { creditsEs } from '../../shared/messages/credits.es.js';
import { userOwner } from '../credits/keys.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { notFound } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';
import { cancelSubscription, toSubscription } from './repo.js';

/** Another user's subscription id is simply not found among the caller's. */
export const handler = httpRoute(routes.cancelFeatureSubscription, async ({ caller, params }) => {
  const id = params.id ?? '';
  const done = await cancelSubscription(userOwner(mustBeCaller(caller).sub), id);
  if (!done) throw notFound(creditsEs.cancelError);
  return toSubscription(done);
});
