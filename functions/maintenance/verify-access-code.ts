import * as routes from '../../shared/contract/routes/maintenance.js';
import { maintenanceEs } from '../../shared/messages/maintenance.es.js';
import { required } from '../platform/config.js';
import { AppError } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';
import { hitLimit } from '../platform/limits.js';
import { safeEqual } from '../platform/secrets.js';

/** The gate's code lives only in server configuration; guesses are limited per client. */
export const handler = httpRoute(routes.verifyAccessCode, async ({ body, sourceIp }) => {
  await hitLimit('maintenancePerClient', sourceIp);
  if (!safeEqual(body.code, required('MAINTENANCE_ACCESS_CODE'))) {
    throw new AppError('FORBIDDEN', maintenanceEs.wrongCode);
  }
  return { granted: true as const };
});
