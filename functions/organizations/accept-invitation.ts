import * as routes from '../../shared/contract/routes/organizations.js';
import { organizationsEs as m } from '../../shared/messages/organizations.es.js';
import {
  type InvitationRefusal,
  invitationAcceptance,
  type OrganizationRole,
} from '../../shared/rules/organizations.js';
import { linkTokenHash } from '../mail/link-tokens.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { AppError, forbidden } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';
import { MEMBER_WRITE_TRIES, membersChanged, publicOrganization } from './member-access.js';
import {
  acceptInvitation,
  getInvitationByToken,
  getMembership,
  getOrganization,
  getPendingInvitation,
  personOf,
} from './repo.js';

const REFUSALS: Record<InvitationRefusal, () => AppError> = {
  used: () => new AppError('INVALID_LINK', m.invitationUsed),
  expired: () => new AppError('INVALID_LINK', m.invitationExpired),
  replaced: () => new AppError('INVALID_LINK', m.invitationReplaced),
  other_account: () => forbidden(m.invitationOtherAccount),
};

/**
 * Accepts an invitation (the link `/invitacion?token=…` of its mail) for the signed-in caller:
 * their verified e-mail (the profile's, written from Cognito's verified address when the
 * account was confirmed) must be the invited one. The caller becomes a member with the invited
 * role, and the invitation is used up, in one transaction (repo.ts acceptInvitation): of any
 * number of parallel accepts of one token one wins, and the others, reading again, find the
 * caller's own acceptance and answer the same. Answers the organisation and the role.
 */
export const handler = httpRoute(routes.acceptInvitation, async ({ caller, body }) => {
  const me = mustBeCaller(caller);
  const tokenHash = linkTokenHash(body.token);
  const person = await personOf(me.sub);
  const email = person?.email ?? me.email;
  for (let attempt = 0; attempt < MEMBER_WRITE_TRIES; attempt++) {
    const link = await getInvitationByToken(tokenHash);
    if (!link) throw new AppError('INVALID_LINK', m.invitationInvalid);
    const orgId = link.organization_id;
    const [pending, organization, membership] = await Promise.all([
      link.accepted_by ? undefined : getPendingInvitation(orgId, link.email),
      getOrganization(orgId),
      getMembership(orgId, me.sub),
    ]);
    const now = new Date();
    const decision = invitationAcceptance({
      now,
      expiresAt: link.expires_at,
      acceptedBy: link.accepted_by,
      current: pending?.invite_id === link.invite_id,
      invitedEmail: link.email,
      callerSub: me.sub,
      callerEmail: email,
    });
    if ('refusal' in decision) {
      // No longer pending because a parallel accept just used it (read between our two reads):
      // read again, to answer what that acceptance means for this caller.
      if (decision.refusal === 'replaced' && (await getInvitationByToken(tokenHash))?.accepted_by) {
        continue;
      }
      throw REFUSALS[decision.refusal]();
    }
    if (!organization?.is_active) throw forbidden(m.organizationInactive);
    const answer = (role: OrganizationRole) => ({
      organization: publicOrganization(organization),
      role,
    });
    if (decision.accept === 'again') {
      // Accepted by this account: the same answer while the membership lasts (read again if it
      // was read just before that acceptance landed).
      const held =
        membership?.status === 'active' ? membership : await getMembership(orgId, me.sub);
      if (held?.status === 'active') return answer(held.role);
      throw REFUSALS.used();
    }
    if (membership?.status === 'active') {
      // A parallel accept of this very link may have made the membership after our read of it.
      if ((await getInvitationByToken(tokenHash))?.accepted_by === me.sub) continue;
      throw new AppError('CONFLICT', m.alreadyMember);
    }
    const accepted = await acceptInvitation({
      tokenHash,
      invitation: link,
      organizationName: organization.name,
      sub: me.sub,
      person,
      now,
    });
    if (accepted) {
      return answer(link.role);
    }
    // Something changed since the read (a parallel accept won, the invitation was replaced,
    // the organisation deactivated or renamed): read again and answer what is true now.
  }
  throw membersChanged();
});
