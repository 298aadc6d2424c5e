import * as routes from '../../shared/contract/routes/credits.js';
import { listPlansForCountry } from '../catalog/repo.js';
import { httpRoute } from '../platform/http.js';

export const handler = httpRoute(routes.listSubscriptionPlans, async ({ q }) => ({
  plans: await listPlansForCountry(q.country.toLowerCase()),
}));
