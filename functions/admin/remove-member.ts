import * as routes from '../../shared/contract/routes/admin.js';
import { organizationsEs as m } from '../../shared/messages/organizations.es.js';
import { removalRefusal } from '../../shared/rules/organizations.js';
import {
  activeMembers,
  MEMBER_WRITE_TRIES,
  membersChanged,
  ownersAmong,
} from '../organizations/member-access.js';
import { removeMember, stillMember } from '../organizations/repo.js';
import { AppError, notFound } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';
import { organizationOf } from './organization-of.js';

/**
 * The admin removes a member: any role, with an owner's powers but under the same rule, never
 * the last owner. An owner's removal is conditioned on another owner still being one, so two
 * removals (or a removal and an owner leaving) at once never leave the organisation without
 * one. Their next call in the organisation's context is refused (acting-as.ts).
 */
export const handler = httpRoute(routes.removeAdminOrganizationMember, async ({ params }) => {
  const org = await organizationOf(params.id);
  const targetSub = params.sub ?? '';
  for (let attempt = 0; attempt < MEMBER_WRITE_TRIES; attempt++) {
    const members = await activeMembers(org.id);
    const target = members.find((ms) => ms.user_sub === targetSub);
    if (!target) throw notFound(m.notMemberTarget);
    const owners = ownersAmong(members);
    // The admin is nobody's membership: the rule as for an owner removing someone else.
    const refusal = removalRefusal({
      actor: 'owner',
      self: false,
      target: target.role,
      owners: owners.length,
    });
    if (refusal) throw new AppError('BUSINESS_RULE', m.lastOwnerCannotBeRemoved);
    const another = owners.find((ms) => ms.user_sub !== targetSub);
    const checks =
      target.role === 'owner' && another ? [stillMember(org.id, another.user_sub, 'owner')] : [];
    const removed = await removeMember(org.id, targetSub, new Date().toISOString(), {
      role: target.role,
      checks,
    });
    if (removed) return { ok: true as const };
  }
  throw membersChanged();
});
