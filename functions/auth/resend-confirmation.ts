import * as routes from '../../shared/contract/routes/auth.js';
import { httpRoute } from '../platform/http.js';
import { resendConfirmation } from './service.js';

export const handler = httpRoute(routes.resendConfirmation, async ({ body, sourceIp }) => {
  await resendConfirmation(body.email, sourceIp);
  return { ok: true as const };
});
