import * as routes from '../../shared/contract/routes/receipts.js';
import { receiptsEs } from '../../shared/messages/receipts.es.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { notFound } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';
import { getReceipt, plausibleReceiptId } from './repo.js';
import { toReceipt } from './view.js';

/** One of the caller's receipts; anyone else's, or none, is the same 404. */
export const handler = httpRoute(routes.getReceipt, async ({ caller, params }) => {
  const { sub } = mustBeCaller(caller);
  const id = params.id ?? '';
  const receipt = plausibleReceiptId(id) ? await getReceipt(id) : undefined;
  if (!receipt || receipt.user_sub !== sub) throw notFound(receiptsEs.notFound);
  return { receipt: toReceipt(receipt) };
});
