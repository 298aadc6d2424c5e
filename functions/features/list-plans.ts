import { routes } from '../../shared/contract/routes.js';
import { listActiveFeaturePlans } from '../catalog/repo.js';
import { httpRoute } from '../platform/http.js';

export const handler = httpRoute(routes.listFeaturePlans, async () => ({
  plans: await listActiveFeaturePlans(),
}));
