import * as routes from '../../shared/contract/routes/features.js';
import { contextRoute } from '../organizations/acting-as.js';
import { epochSeconds, systemClock } from '../platform/clock.js';
import { subscribe } from './service.js';

export const handler = contextRoute(routes.subscribeFeature, async ({ acting, body }) =>
  subscribe(acting.ownerId, body.plan_id, body.idempotency_key, () =>
    epochSeconds(systemClock.now()),
  ),
);
