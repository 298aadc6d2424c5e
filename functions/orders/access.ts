import type { ActingAs } from '../organizations/acting-as.js';
import { listUserMemberships } from '../organizations/repo.js';
import { orgHistoryPk } from './keys.js';
import {
  getOrder,
  listOrderSummaries,
  type OrderHistory,
  type OrderRecord,
  type OrderSummaryRecord,
  personalHistory,
} from './repo.js';

/**
 * Who may see and act on an order (issue 22, docs/security.md "Work context"). A Personal
 * order is its customer's, seen only in their Personal context. An organisation's order is
 * seen in that organisation's context: by the member who placed it, and by every admin and
 * owner (they answer for the organisation's spending). The same rule for reading, renaming,
 * cancelling and resending links: whoever sees an order may act on it.
 */
export function mayActOn(
  order: Pick<OrderRecord, 'user_sub' | 'organization_id'>,
  acting: ActingAs,
) {
  if (acting.kind === 'personal') return !order.organization_id && order.user_sub === acting.sub;
  if (order.organization_id !== acting.organizationId) return false;
  return acting.role !== 'member' || order.user_sub === acting.sub;
}

/** The order when the context may act on it; undefined for a missing one and anyone else's alike. */
export async function getOrderFor(id: string, acting: ActingAs): Promise<OrderRecord | undefined> {
  const order = await getOrder(id);
  return order && mayActOn(order, acting) ? order : undefined;
}

/** The history a context lists (/mis-pedidos): the same rule as mayActOn, as a query. */
export function historyOf(acting: ActingAs): OrderHistory {
  if (acting.kind === 'personal') return personalHistory(acting.sub);
  const pk = orgHistoryPk(acting.organizationId);
  return acting.role === 'member' ? { pk, placedBy: acting.sub } : { pk };
}

/**
 * Every order a person placed: their Personal ones and those they placed in each organisation
 * they belong or belonged to (their name and billing data are on them). What the account's
 * export shows and its deletion pseudonymises (functions/account/).
 */
export async function ordersPlacedBy(sub: string): Promise<OrderSummaryRecord[]> {
  const memberships = await listUserMemberships(sub);
  const lists = await Promise.all([
    listOrderSummaries(personalHistory(sub)),
    ...memberships.map((ms) =>
      listOrderSummaries({ pk: orgHistoryPk(ms.organization_id), placedBy: sub }),
    ),
  ]);
  return lists.flat().sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/** Every order of an organisation (its dashboard's figures: counts and sums, never details). */
export const organizationHistory = (organizationId: string): OrderHistory => ({
  pk: orgHistoryPk(organizationId),
});
