import * as routes from '../../shared/contract/routes/features.js';
import { userOwner } from '../credits/keys.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { httpRoute } from '../platform/http.js';
import { listSubscriptions, toSubscription } from './repo.js';

export const handler = httpRoute(routes.listFeatureSubscriptions, async ({ caller }) => ({
  subscriptions: (await listSubscriptions(userOwner(mustBeCaller(caller).sub))).map(toSubscription),
}));
