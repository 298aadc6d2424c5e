import * as routes from '../../shared/contract/routes/credits.js';
import { contextRoute } from '../organizations/acting-as.js';
import { ledgerAsSeenBy } from './ledger-privacy.js';
import { listTransactions } from './ledger-read.js';

/**
 * The ledger of the call's work context: Personal, or the organisation's (a plain member does
 * not read which order another member paid: ledger-privacy.ts).
 */
export const handler = contextRoute(routes.listCreditTransactions, async ({ acting, q }) => {
  const page = await listTransactions(acting.ownerId, q);
  return {
    transactions: await ledgerAsSeenBy(page.transactions, acting),
    next_cursor: page.nextCursor,
  };
});
