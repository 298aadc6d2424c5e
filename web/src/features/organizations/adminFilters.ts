import {
  ORGANIZATION_SEARCH_MAX,
  ORGANIZATION_TYPE_FILTERS,
  type OrganizationTypeFilter,
} from '../../../../shared/rules/admin-organizations';

/**
 * The admin organisations screen's filters as its address keeps them (`?q=&type=`), so a reload
 * or a shared link shows the same list: the search (name or e-mail) and the type filter.
 */
export interface AdminOrganizationFilters {
  q: string;
  type: OrganizationTypeFilter;
}

/** How long the search box waits after the last key press before the list is asked again. */
export const ADMIN_SEARCH_DEBOUNCE_MS = 300;

/** A search as the server takes it: trimmed, at most ORGANIZATION_SEARCH_MAX characters. */
export function searchText(text: string | null | undefined): string {
  return (text ?? '').trim().slice(0, ORGANIZATION_SEARCH_MAX).trim();
}

/** The type filter of an address: one the screen offers, else 'all' (a typo shows everything). */
export function typeFilterOf(value: string | null | undefined): OrganizationTypeFilter {
  return (ORGANIZATION_TYPE_FILTERS as readonly string[]).includes(value ?? '')
    ? (value as OrganizationTypeFilter)
    : 'all';
}

/** The filters an address asks for. */
export function filtersOf(params: Pick<URLSearchParams, 'get'>): AdminOrganizationFilters {
  return { q: searchText(params.get('q')), type: typeFilterOf(params.get('type')) };
}

/**
 * The address's query with `next` applied: the defaults (no search, every type) leave no
 * parameter behind, and whatever else the address carries stays.
 */
export function withFilters(
  params: URLSearchParams,
  next: Partial<AdminOrganizationFilters>,
): URLSearchParams {
  const out = new URLSearchParams(params);
  if ('q' in next) {
    const q = searchText(next.q);
    if (q) out.set('q', q);
    else out.delete('q');
  }
  if ('type' in next) {
    const type = typeFilterOf(next.type);
    if (type === 'all') out.delete('type');
    else out.set('type', type);
  }
  return out;
}

/** The list route's query for the filters (no `q` without a search). */
export function listQueryOf(filters: AdminOrganizationFilters): {
  q?: string;
  type: OrganizationTypeFilter;
} {
  return filters.q ? { q: filters.q, type: filters.type } : { type: filters.type };
}
