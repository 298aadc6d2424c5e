import * as routes from '../../shared/contract/routes/receipts.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { httpRoute } from '../platform/http.js';
import { listOrderReceipts, listReceipts } from './repo.js';
import { toSummary } from './view.js';

/**
 * The caller's receipts, newest first (the credit history links its movements to them), or
 * those of one of the caller's orders (the order modal's links): someone else's order lists none.
 */
export const handler = httpRoute(routes.listReceipts, async ({ caller, q: query }) => {
  const { sub } = mustBeCaller(caller);
  if (query.order_id) {
    const receipts = await listOrderReceipts(query.order_id, sub);
    return { receipts: receipts.map(toSummary), next_cursor: null };
  }
  const page = await listReceipts(sub, { limit: query.limit, cursor: query.cursor });
  return { receipts: page.receipts.map(toSummary), next_cursor: page.nextCursor };
});
