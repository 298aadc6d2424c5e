import { creditsEs } from '../../shared/messages/credits.es.js';
import { getOrder } from '../orders/repo.js';
import type { ActingAs } from '../organizations/acting-as.js';
import type { LedgerEntry } from './entry.js';

/**
 * What a member with the role 'member' reads of its organisation's ledger: every movement and
 * amount (the wallet is shared), but of an order another member placed, neither its id nor its
 * number: such an order is seen only by who placed it and by the organisation's admins and
 * owners (orders/access.ts mayActOn), and its ledger line must not tell more than its 404 does.
 */
export async function ledgerAsSeenBy(
  entries: LedgerEntry[],
  acting: ActingAs,
): Promise<LedgerEntry[]> {
  if (acting.kind !== 'organization' || acting.role !== 'member') return entries;
  const orderIds = [
    ...new Set(
      entries
        .filter((e) => e.related_entity_type === 'order' && e.related_entity_id)
        .map((e) => e.related_entity_id as string),
    ),
  ];
  // At most a page (≤ 100 lines): one GetItem per distinct order, in parallel.
  const placedBy = new Map(
    await Promise.all(orderIds.map(async (id) => [id, (await getOrder(id))?.user_sub] as const)),
  );
  return entries.map((e) =>
    e.related_entity_type === 'order' &&
    e.related_entity_id &&
    placedBy.get(e.related_entity_id) !== acting.sub
      ? { ...e, related_entity_id: null, description: creditsEs.otherMemberOrder }
      : e,
  );
}
