import * as routes from '../../shared/contract/routes/credits.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { httpRoute } from '../platform/http.js';
import { userOwner } from './keys.js';
import { listTransactions } from './ledger-read.js';

export const handler = httpRoute(routes.listCreditTransactions, async ({ caller, q }) => {
  const page = await listTransactions(userOwner(mustBeCaller(caller).sub), q);
  return { transactions: page.transactions, next_cursor: page.nextCursor };
});
