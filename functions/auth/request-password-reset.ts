import * as routes from '../../shared/contract/routes/auth.js';
import { httpRoute } from '../platform/http.js';
import { requestPasswordReset } from './service.js';

export const handler = httpRoute(routes.requestPasswordReset, async ({ body, sourceIp }) => {
  await requestPasswordReset(body.email, sourceIp);
  return { ok: true as const };
});
