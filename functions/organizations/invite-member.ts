import { createHash } from 'node:crypto';
import * as routes from '../../shared/contract/routes/organizations.js';
import { organizationsEs as m } from '../../shared/messages/organizations.es.js';
import { invitationExpiry, invitationRefusal } from '../../shared/rules/organizations.js';
import { newLinkMarker } from '../mail/link-tokens.js';
import { outboxPut } from '../mail/outbox.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { AppError, forbidden } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';
import { hitLimit } from '../platform/limits.js';
import { invitationMail } from './invitation-mail.js';
import { activeMembers, memberAccess, memberViews } from './member-access.js';
import {
  getPendingInvitation,
  invitationTtl,
  type PendingInvitationRecord,
  personOf,
  putPendingInvitation,
} from './repo.js';

/**
 * One invitation per (organisation, inviter, idempotency key, address): a retried click finds
 * its own and promises no second mail. Its link's token is minted from this id by the mail
 * sender, under a key only the sender holds.
 */
const invitationIdFor = (orgId: string, sub: string, key: string, email: string) =>
  createHash('sha256').update(`invite:${orgId}:${sub}:${key}:${email}`).digest('hex').slice(0, 32);

const answer = (inv: PendingInvitationRecord) => ({
  invitation: { email: inv.email, role: inv.role, expires_at: inv.expires_at },
});

/**
 * Invites an address to the organisation (owners and admins; the role 'owner' only from an
 * owner). The address's pending invitation is replaced, and its mail written to the outbox in
 * the same transaction: a link valid for 7 days to `/invitacion`. An address that already
 * belongs to an active member is refused. Each new invitation counts against the inviter's
 * daily limit; a retried one does not.
 */
export const handler = httpRoute(
  routes.inviteOrganizationMember,
  async ({ caller, params, body }) => {
    const me = mustBeCaller(caller);
    const id = params.id ?? '';
    const { membership, organization } = await memberAccess(id, me);
    if (invitationRefusal(membership.role, body.role)) throw forbidden(m.roleNotAllowed);
    const inviteId = invitationIdFor(id, me.sub, body.idempotency_key, body.email);
    const existing = await getPendingInvitation(id, body.email);
    if (existing?.invite_id === inviteId) return answer(existing);
    const members = await memberViews(await activeMembers(id));
    if (members.some((mm) => mm.email.toLowerCase() === body.email)) {
      throw new AppError('CONFLICT', m.alreadyMemberEmail);
    }
    // One hit per invitation: repeats of one click count once.
    await hitLimit('invitationsPerUser', me.sub, undefined, inviteId.slice(0, 12));
    const now = new Date();
    const expiresAt = invitationExpiry(now).toISOString();
    const invitation: PendingInvitationRecord = {
      invite_id: inviteId,
      organization_id: id,
      organization_name: organization.name,
      organization_type: organization.type,
      email: body.email,
      role: body.role,
      invited_by: me.sub,
      invited_at: now.toISOString(),
      expires_at: expiresAt,
      ttl: invitationTtl(expiresAt),
    };
    const marker = newLinkMarker();
    const mail = invitationMail({
      to: body.email,
      inviter: (await personOf(me.sub))?.name,
      organization: organization.name,
      role: body.role,
      marker,
    });
    const placed = await putPendingInvitation(
      invitation,
      outboxPut(
        mail,
        { kind: 'invitation', organization_id: id, email: body.email, invite_id: inviteId },
        now,
        marker,
      ),
    );
    if (placed) return answer(invitation);
    // A parallel repeat of this request placed it first: answer what it placed.
    const stored = await getPendingInvitation(id, body.email);
    if (stored?.invite_id === inviteId) return answer(stored);
    throw new AppError('CONFLICT', m.membersChanged);
  },
);
