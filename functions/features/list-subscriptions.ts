import * as routes from '../../shared/contract/routes/features.js';
import { contextRoute } from '../organizations/acting-as.js';
import { listSubscriptions, toSubscription } from './repo.js';

export const handler = contextRoute(routes.listFeatureSubscriptions, async ({ acting }) => ({
  subscriptions: (await listSubscriptions(acting.ownerId)).map(toSubscription),
}));
