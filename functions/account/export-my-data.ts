import * as routes from '../../shared/contract/routes/profile.js';
import { accountEs } from '../../shared/messages/account.es.js';
import { identity } from '../auth/identity.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { unauthorized } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';
import { exportAccount } from './export.js';
import { accountLimit } from './limit.js';

/** GET /api/me/export: 'Descargar mis datos', the caller's own account only. */
export const handler = httpRoute(routes.exportMyData, async ({ caller }) => {
  const { sub } = mustBeCaller(caller);
  await accountLimit('accountExportPerUser', sub, accountEs.exportTooMany);
  const user = await identity.getUser(sub);
  if (!user || user.sub !== sub) throw unauthorized();
  return exportAccount(sub, user.email, new Date());
});
