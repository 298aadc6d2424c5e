import * as routes from '../../shared/contract/routes/admin.js';
import {
  matchesOrganizationSearch,
  matchesTypeFilter,
  organizationTotals,
} from '../../shared/rules/admin-organizations.js';
import { listAllOrganizations } from '../organizations/admin-repo.js';
import { httpRoute } from '../platform/http.js';
import { organizationCards } from './organization-cards.js';

/**
 * `/admin/organizations` (screen 17): every organisation, newest first, searched by name or
 * e-mail and filtered by type in memory (organisations are few: admin-repo.ts
 * listAllOrganizations); the totals count them all; the cards' figures are read only for the
 * organisations that match.
 */
export const handler = httpRoute(routes.listAdminOrganizations, async ({ q }) => {
  const all = await listAllOrganizations();
  const matching = all.filter(
    (org) => matchesOrganizationSearch(org, q.q) && matchesTypeFilter(org, q.type),
  );
  return { totals: organizationTotals(all), organizations: await organizationCards(matching) };
});
