import * as routes from '../../shared/contract/routes/organizations.js';
import { organizationsEs as m } from '../../shared/messages/organizations.es.js';
import { roleChangeRefusal } from '../../shared/rules/organizations.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { httpRoute } from '../platform/http.js';
import {
  MEMBER_WRITE_TRIES,
  managedTarget,
  membersChanged,
  memberView,
  ownersAmong,
  refusalError,
} from './member-access.js';
import { changeMemberRole, stillMember } from './repo.js';

/**
 * Changes a member's role (owners and admins; only an owner makes or unmakes an owner; the last
 * owner stays one; nobody changes their own). The write is conditioned on what the rule read:
 * the member still holding the old role and the actor still holding theirs, so two owners
 * demoting each other at once never leave the organisation without one.
 */
export const handler = httpRoute(
  routes.changeOrganizationMemberRole,
  async ({ caller, params, body }) => {
    const me = mustBeCaller(caller);
    const id = params.id ?? '';
    const targetSub = params.sub ?? '';
    for (let attempt = 0; attempt < MEMBER_WRITE_TRIES; attempt++) {
      const { actor, members, target } = await managedTarget(id, me, targetSub);
      const refusal = roleChangeRefusal({
        actor: actor.role,
        self: targetSub === me.sub,
        from: target.role,
        to: body.role,
        owners: ownersAmong(members).length,
      });
      if (refusal) {
        throw refusalError(refusal, {
          lastOwner: m.lastOwnerCannotBeDemoted,
          self: m.ownRoleUnchangeable,
        });
      }
      // The role it holds already: nothing to write.
      if (target.role === body.role) return { member: await memberView(target) };
      const changed = await changeMemberRole(id, targetSub, target.role, body.role, [
        stillMember(id, me.sub, actor.role),
      ]);
      if (changed) return { member: await memberView({ ...target, role: body.role }) };
    }
    throw membersChanged();
  },
);
