import * as routes from '../../shared/contract/routes/credits.js';
import { listPackagesForCountry } from '../catalog/repo.js';
import { httpRoute } from '../platform/http.js';

export const handler = httpRoute(routes.listCreditPackages, async ({ q }) => ({
  packages: await listPackagesForCountry(q.country.toLowerCase()),
}));
