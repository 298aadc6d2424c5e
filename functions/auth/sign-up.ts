import * as routes from '../../shared/contract/routes/auth.js';
import { httpRoute } from '../platform/http.js';
import { signUp } from './service.js';

export const handler = httpRoute(routes.signUp, async ({ body, sourceIp }) => {
  await signUp(body, sourceIp);
  return { ok: true as const };
});
