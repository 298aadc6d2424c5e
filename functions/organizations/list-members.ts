import * as routes from '../../shared/contract/routes/organizations.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { httpRoute } from '../platform/http.js';
import { memberAccess, membersList } from './member-access.js';

/**
 * An organisation's members (any active member may look): the active members, owners first, and
 * the invitations still pending (member-access.ts membersList).
 */
export const handler = httpRoute(routes.listOrganizationMembers, async ({ caller, params }) => {
  const id = params.id ?? '';
  await memberAccess(id, mustBeCaller(caller));
  return membersList(id);
});
