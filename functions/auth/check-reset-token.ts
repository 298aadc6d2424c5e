import * as routes from '../../shared/contract/routes/auth.js';
import { httpRoute } from '../platform/http.js';
import { checkResetToken } from './service.js';

export const handler = httpRoute(routes.checkResetToken, async ({ body }) =>
  checkResetToken(body.access_token),
);
