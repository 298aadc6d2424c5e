import * as routes from '../../shared/contract/routes/organizations.js';
import { organizationsEs as m } from '../../shared/messages/organizations.es.js';
import { removalRefusal } from '../../shared/rules/organizations.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { httpRoute } from '../platform/http.js';
import {
  MEMBER_WRITE_TRIES,
  managedTarget,
  membersChanged,
  ownersAmong,
  refusalError,
} from './member-access.js';
import { removeMember, stillMember } from './repo.js';

/**
 * Removes a member (owners and admins; an owner only by an owner, never the last one; oneself
 * by leaving). Their next call in the organisation's context is refused (acting-as.ts). The
 * write is conditioned on the member's role and the actor's, as read.
 */
export const handler = httpRoute(routes.removeOrganizationMember, async ({ caller, params }) => {
  const me = mustBeCaller(caller);
  const id = params.id ?? '';
  const targetSub = params.sub ?? '';
  for (let attempt = 0; attempt < MEMBER_WRITE_TRIES; attempt++) {
    const { actor, members, target } = await managedTarget(id, me, targetSub);
    const refusal = removalRefusal({
      actor: actor.role,
      self: targetSub === me.sub,
      target: target.role,
      owners: ownersAmong(members).length,
    });
    if (refusal) {
      throw refusalError(refusal, {
        lastOwner: m.lastOwnerCannotBeRemoved,
        self: m.removeSelfUseLeave,
      });
    }
    const removed = await removeMember(id, targetSub, new Date().toISOString(), {
      role: target.role,
      checks: [stillMember(id, me.sub, actor.role)],
    });
    if (removed) return { ok: true as const };
  }
  throw membersChanged();
});
