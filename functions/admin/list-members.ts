import * as routes from '../../shared/contract/routes/admin.js';
import { membersList } from '../organizations/member-access.js';
import { httpRoute } from '../platform/http.js';
import { organizationOf } from './organization-of.js';

/**
 * `/admin/organization/{id}/members`: the organisation's active members and pending
 * invitations, the same list its members see (active or deactivated organisation alike).
 */
export const handler = httpRoute(routes.listAdminOrganizationMembers, async ({ params }) => {
  const org = await organizationOf(params.id);
  return membersList(org.id);
});
