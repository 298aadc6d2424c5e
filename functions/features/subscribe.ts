import * as routes from '../../shared/contract/routes/features.js';
import { userOwner } from '../credits/keys.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { epochSeconds, systemClock } from '../platform/clock.js';
import { httpRoute } from '../platform/http.js';
import { subscribe } from './service.js';

export const handler = httpRoute(routes.subscribeFeature, async ({ caller, body }) =>
  subscribe(userOwner(mustBeCaller(caller).sub), body.plan_id, body.idempotency_key, () =>
    epochSeconds(systemClock.now()),
  ),
);
