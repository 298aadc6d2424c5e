import type { AdminOrganizationCard } from '../../shared/contract/organizations.js';
import { documentCounts } from '../../shared/rules/admin-organizations.js';
import { byRoleThenName, memberChips } from '../../shared/rules/organizations.js';
import { orgOwner } from '../credits/keys.js';
import { readWallet } from '../credits/ledger.js';
import { organizationHistory } from '../orders/access.js';
import { listOrderSummaries } from '../orders/repo.js';
import { activeMembers, memberViews, publicOrganization } from '../organizations/member-access.js';
import type { OrganizationRecord } from '../organizations/repo.js';
import { forEachConcurrently } from '../platform/concurrently.js';

/**
 * Cards built at once: each reads the wallet, the members and the orders of one organisation
 * (three requests), so a list of hundreds stays a bounded load on the table.
 */
const CARDS_IN_FLIGHT = 8;

/**
 * One card of the admin's screen: the organisation, its active members (owners first; the
 * first five as chips, '+N más' for the rest), its wallet's balance, and the documents it
 * received and processed (its orders, shared/rules/admin-organizations.ts documentCounts).
 */
async function cardOf(org: OrganizationRecord): Promise<AdminOrganizationCard> {
  const [wallet, memberships, orders] = await Promise.all([
    readWallet(orgOwner(org.id)),
    activeMembers(org.id),
    listOrderSummaries(organizationHistory(org.id)),
  ]);
  const members = (await memberViews(memberships)).sort(byRoleThenName);
  const chips = memberChips(members);
  const documents = documentCounts(orders);
  return {
    ...publicOrganization(org),
    members_count: members.length,
    member_chips: chips.shown.map(({ name, email, role }) => ({ name, email, role })),
    more_members: chips.more,
    credits: wallet.balance,
    documents_received: documents.received,
    documents_processed: documents.processed,
  };
}

/** The cards of `orgs`, in their order. */
export async function organizationCards(
  orgs: readonly OrganizationRecord[],
): Promise<AdminOrganizationCard[]> {
  const cards: AdminOrganizationCard[] = new Array(orgs.length);
  await forEachConcurrently(
    orgs.map((org, i) => [org, i] as const),
    CARDS_IN_FLIGHT,
    async ([org, i]) => {
      cards[i] = await cardOf(org);
    },
  );
  return cards;
}
