import * as routes from '../../shared/contract/routes/features.js';
import { contextRoute } from '../organizations/acting-as.js';
import { epochSeconds, systemClock } from '../platform/clock.js';
import { checkAccess } from './service.js';

export const handler = contextRoute(routes.getFeatureAccess, async ({ acting, params }) =>
  checkAccess(
    acting.ownerId,
    (params.featureType ?? '').slice(0, 64),
    epochSeconds(systemClock.now()),
  ),
);
