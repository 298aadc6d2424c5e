import * as routes from '../../shared/contract/routes/organizations.js';
import { byRoleThenName } from '../../shared/rules/organizations.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { httpRoute } from '../platform/http.js';
import { activeMembers, memberAccess, memberViews } from './member-access.js';
import { listPendingInvitations } from './repo.js';

/**
 * An organisation's members (any active member may look): the active members, owners first, and
 * the invitations still pending (not accepted, not expired), by address.
 */
export const handler = httpRoute(routes.listOrganizationMembers, async ({ caller, params }) => {
  const me = mustBeCaller(caller);
  const id = params.id ?? '';
  await memberAccess(id, me);
  const [members, invitations] = await Promise.all([activeMembers(id), listPendingInvitations(id)]);
  const now = Date.now();
  return {
    members: (await memberViews(members)).sort(byRoleThenName),
    invitations: invitations
      .filter((inv) => Date.parse(inv.expires_at) > now)
      .map(({ email, role, expires_at }) => ({ email, role, expires_at }))
      .sort((a, b) => a.email.localeCompare(b.email)),
  };
});
