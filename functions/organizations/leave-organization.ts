import * as routes from '../../shared/contract/routes/organizations.js';
import { organizationsEs as m } from '../../shared/messages/organizations.es.js';
import { leaveRefusal } from '../../shared/rules/organizations.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { AppError } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';
import {
  activeMembers,
  MEMBER_WRITE_TRIES,
  memberAccess,
  membersChanged,
  ownersAmong,
} from './member-access.js';
import { removeMember, stillMember } from './repo.js';

/**
 * The caller leaves the organisation (any member, of an active or a deactivated organisation),
 * unless they are its last owner. An owner's leaving is conditioned on another owner still
 * being one, so two owners leaving at once never leave the organisation without one.
 */
export const handler = httpRoute(routes.leaveOrganization, async ({ caller, params }) => {
  const me = mustBeCaller(caller);
  const id = params.id ?? '';
  for (let attempt = 0; attempt < MEMBER_WRITE_TRIES; attempt++) {
    const { membership } = await memberAccess(id, me, { inactiveOrganization: true });
    const members = await activeMembers(id);
    const owners = ownersAmong(members);
    if (leaveRefusal(membership.role, owners.length)) {
      throw new AppError('BUSINESS_RULE', m.lastOwnerCannotLeave);
    }
    const another = owners.find((ms) => ms.user_sub !== me.sub);
    const checks =
      membership.role === 'owner' && another ? [stillMember(id, another.user_sub, 'owner')] : [];
    const left = await removeMember(id, me.sub, new Date().toISOString(), {
      role: membership.role,
      checks,
    });
    if (left) return { ok: true as const };
  }
  throw membersChanged();
});
