import * as routes from '../../shared/contract/routes/features.js';
import { creditsEs } from '../../shared/messages/credits.es.js';
import { contextRoute } from '../organizations/acting-as.js';
import { notFound } from '../platform/errors.js';
import { cancelSubscription, toSubscription } from './repo.js';

/** Another owner's subscription id is simply not found among the context's. */
export const handler = contextRoute(
  routes.cancelFeatureSubscription,
  async ({ acting, params }) => {
    const id = params.id ?? '';
    const done = await cancelSubscription(acting.ownerId, id);
    if (!done) throw notFound(creditsEs.cancelError);
    return toSubscription(done);
  },
);
