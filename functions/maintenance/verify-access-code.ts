import * as routes from '../../shared/contract/routes/maintenance.js';
import { maintenanceEs } from '../../shared/messages/maintenance.es.js';
import { AppError } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';
import { hitLimit } from '../platform/limits.js';
import { requiredSecret } from '../platform/secret-values.js';
import { safeEqual } from '../platform/secrets.js';

/** The gate's code lives only in server secrets; guesses are limited per client. */
export const handler = httpRoute(routes.verifyAccessCode, async ({ body, sourceIp }) => {
  await hitLimit('maintenancePerClient', sourceIp);
  if (!safeEqual(body.code, await requiredSecret('MAINTENANCE_ACCESS_CODE'))) {
    throw new AppError('FORBIDDEN', maintenanceEs.wrongCode);
  }
  return { granted: true as const };
});
