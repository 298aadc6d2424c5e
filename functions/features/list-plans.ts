import * as routes from '../../shared/contract/routes/features.js';
import { listActiveFeaturePlans } from '../catalog/repo.js';
import { httpRoute } from '../platform/http.js';

export const handler = httpRoute(routes.listFeaturePlans, async () => ({
  plans: await listActiveFeaturePlans(),
}));
