import type { OrganizationType } from './organizations.js';
import { searchable } from './search.js';

/**
 * The admin's organisations screen (credits-signing-admin §2 screen 17): the search, the type
 * filter, the totals and a card's document figures. Pure, so the server applies them and the
 * web could explain them.
 */
export const ORGANIZATION_TYPE_FILTERS = ['all', 'company', 'notary'] as const;
export type OrganizationTypeFilter = (typeof ORGANIZATION_TYPE_FILTERS)[number];

/** The longest search the screen sends and the server takes. */
export const ORGANIZATION_SEARCH_MAX = 200;

interface Listed {
  name: string;
  email: string | null;
  type: OrganizationType;
  is_active: boolean;
}

/** The search by name or e-mail, case and accents folded (an empty search matches all). */
export function matchesOrganizationSearch(
  org: Pick<Listed, 'name' | 'email'>,
  q: string | undefined,
): boolean {
  const needle = searchable(q?.trim() ?? '');
  if (!needle) return true;
  return [org.name, org.email].some((f) => searchable(f ?? '').includes(needle));
}

export function matchesTypeFilter(
  org: Pick<Listed, 'type'>,
  filter: OrganizationTypeFilter,
): boolean {
  return filter === 'all' || org.type === filter;
}

export interface OrganizationTotals {
  total: number;
  companies: number;
  notaries: number;
  active: number;
}

/**
 * The screen's totals: over every organisation, whatever the search and the filter (the tiles
 * describe the platform; the list below shows what matches).
 */
export function organizationTotals(orgs: readonly Pick<Listed, 'type' | 'is_active'>[]) {
  const totals: OrganizationTotals = { total: 0, companies: 0, notaries: 0, active: 0 };
  for (const o of orgs) {
    totals.total++;
    if (o.type === 'company') totals.companies++;
    else totals.notaries++;
    if (o.is_active) totals.active++;
  }
  return totals;
}

/**
 * A card's documents, from the organisation's orders (for now; the notary side will count its
 * assignments): received = every order it placed and paid (a pending order is a checkout not
 * paid yet, hidden from the history too; a cancelled one was still received), processed = the
 * completed ones.
 */
export function documentCounts(orders: readonly { status: string }[]): {
  received: number;
  processed: number;
} {
  let received = 0;
  let processed = 0;
  for (const o of orders) {
    if (o.status === 'pending') continue;
    received++;
    if (o.status === 'completed') processed++;
  }
  return { received, processed };
}
