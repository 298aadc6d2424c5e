import * as routes from '../../shared/contract/routes/auth.js';
import { httpRoute } from '../platform/http.js';
import { confirmEmail } from './service.js';

export const handler = httpRoute(routes.confirmEmail, async ({ body }) => {
  const { choosePassword, alreadyConfirmed } = await confirmEmail(body.token_hash);
  return { ok: true as const, choosePassword, ...(alreadyConfirmed ? { alreadyConfirmed } : {}) };
});
