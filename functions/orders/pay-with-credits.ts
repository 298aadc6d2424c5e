import * as routes from '../../shared/contract/routes/orders.js';
import { contextRoute } from '../organizations/acting-as.js';
import { systemClock } from '../platform/clock.js';
import { issueOrderReceipt, issueQuietly } from '../receipts/issue.js';
import { payWithCredits } from './checkout.js';
import { payerOf } from './payer.js';
import { getOrder } from './repo.js';

/**
 * Pays a pending request with credits: debit and order in one transaction, once per key; then
 * the payment's receipt (issued once: a repeat of the key finds it).
 */
export const handler = contextRoute(routes.payOrderWithCredits, async ({ acting, body }) => {
  const order = await payWithCredits(acting.sub, payerOf(acting), body, systemClock.now());
  const record = await getOrder(order.id);
  if (record) await issueQuietly('credits order', () => issueOrderReceipt(record));
  return { order };
});
