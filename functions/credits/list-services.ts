import * as routes from '../../shared/contract/routes/credits.js';
import { listActiveRules } from '../catalog/repo.js';
import { httpRoute } from '../platform/http.js';

export const handler = httpRoute(routes.listCreditServices, async () => ({
  services: await listActiveRules(),
}));
