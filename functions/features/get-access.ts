import * as routes from '../../shared/contract/routes/features.js';
import { userOwner } from '../credits/keys.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { epochSeconds, systemClock } from '../platform/clock.js';
import { httpRoute } from '../platform/http.js';
import { checkAccess } from './service.js';

export const handler = httpRoute(routes.getFeatureAccess, async ({ caller, params }) =>
  checkAccess(
    userOwner(mustBeCaller(caller).sub),
    (params.featureType ?? '').slice(0, 64),
    epochSeconds(systemClock.now()),
  ),
);
