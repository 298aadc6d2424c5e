import * as routes from '../../shared/contract/routes/auth.js';
import { httpRoute } from '../platform/http.js';
import { resetPassword } from './service.js';

export const handler = httpRoute(routes.resetPassword, async ({ body }) => {
  await resetPassword(body.access_token, body.password);
  return { ok: true as const };
});
