import { ordersEs } from '../../shared/messages/orders.es.js';
import type { ActingAs } from '../organizations/acting-as.js';
import { AppError } from '../platform/errors.js';

/**
 * Who pays an order. Orders belong to the caller's Personal context for now: an order paid in
 * an organisation's context, with its wallet and its members' view of it, is the next slice of
 * issue 22 (docs/drafts/notarial-design.md §3 "Organisation orders"). Until then a checkout in
 * an organisation's context is refused with a clear 422 and nothing is charged, rather than
 * charging the member's own wallet while the header shows the organisation's.
 */
export function personalPayer(acting: ActingAs): string {
  if (acting.kind === 'organization') {
    throw new AppError('BUSINESS_RULE', ordersEs.organizationCheckoutPending);
  }
  return acting.sub;
}
