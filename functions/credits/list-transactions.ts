import * as routes from '../../shared/contract/routes/credits.js';
import { contextRoute } from '../organizations/acting-as.js';
import { listTransactions } from './ledger-read.js';

/** The ledger of the call's work context: Personal, or the organisation's. */
export const handler = contextRoute(routes.listCreditTransactions, async ({ acting, q }) => {
  const page = await listTransactions(acting.ownerId, q);
  return { transactions: page.transactions, next_cursor: page.nextCursor };
});
