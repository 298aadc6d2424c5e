import * as routes from '../../shared/contract/routes/orders.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { systemClock } from '../platform/clock.js';
import { httpRoute } from '../platform/http.js';
import { issueOrderReceipt, issueQuietly } from '../receipts/issue.js';
import { payWithCredits } from './checkout.js';
import { getOrder } from './repo.js';

/**
 * Pays a pending request with credits: debit and order in one transaction, once per key; then
 * the payment's receipt (issued once: a repeat of the key finds it).
 */
export const handler = httpRoute(routes.payOrderWithCredits, async ({ caller, body }) => {
  const order = await payWithCredits(mustBeCaller(caller).sub, body, systemClock.now());
  const record = await getOrder(order.id);
  if (record) await issueQuietly('credits order', () => issueOrderReceipt(record));
  return { order };
});
