import * as routes from '../../shared/contract/routes/auth.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { httpRoute } from '../platform/http.js';
import { changePassword } from './service.js';

export const handler = httpRoute(routes.changePassword, async ({ body, caller }) => {
  const { sub } = mustBeCaller(caller);
  await changePassword(sub, body.currentPassword, body.newPassword);
  return { ok: true as const };
});
