import * as routes from '../../shared/contract/routes/profile.js';
import { accountEs } from '../../shared/messages/account.es.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { httpRoute } from '../platform/http.js';
import { deleteAccount } from './deletion.js';
import { accountLimit } from './limit.js';

/** POST /api/me/delete: 'Eliminar mi cuenta', the caller's own, with the current password. */
export const handler = httpRoute(routes.deleteMyAccount, async ({ caller, body }) => {
  const { sub } = mustBeCaller(caller);
  await accountLimit('accountDeletePerUser', sub, accountEs.deleteTooMany);
  const { keptOrders } = await deleteAccount(sub, body.password, new Date());
  return { deleted: true as const, kept_orders: keptOrders };
});
