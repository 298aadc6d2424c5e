import { createHash } from 'node:crypto';
import type { PendingInvitation } from '../../shared/contract/organizations.js';
import { organizationsEs as m } from '../../shared/messages/organizations.es.js';
import { invitationExpiry, type OrganizationRole } from '../../shared/rules/organizations.js';
import { newLinkMarker } from '../mail/link-tokens.js';
import { outboxPut } from '../mail/outbox.js';
import { AppError } from '../platform/errors.js';
import { hitLimit } from '../platform/limits.js';
import { invitationMail } from './invitation-mail.js';
import { activeMembers, memberViews } from './member-access.js';
import {
  getPendingInvitation,
  invitationTtl,
  type OrganizationRecord,
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

const view = (inv: PendingInvitationRecord): PendingInvitation => ({
  email: inv.email,
  role: inv.role,
  expires_at: inv.expires_at,
});

/**
 * Invites an address to the organisation, once the caller's right to invite with `role` was
 * checked (a member's route: invite-member.ts; the platform admin's: admin/invite-member.ts).
 * The address's pending invitation is replaced, and its mail written to the outbox in the same
 * transaction: a link valid for 7 days to `/invitacion`. An address that already belongs to an
 * active member is refused. Each new invitation counts against the inviter's daily limit; a
 * retried one does not.
 */
export async function placeInvitation(p: {
  organization: OrganizationRecord;
  inviterSub: string;
  email: string;
  role: OrganizationRole;
  idempotencyKey: string;
}): Promise<{ invitation: PendingInvitation }> {
  const { organization, email } = p;
  const id = organization.id;
  const inviteId = invitationIdFor(id, p.inviterSub, p.idempotencyKey, email);
  const existing = await getPendingInvitation(id, email);
  if (existing?.invite_id === inviteId) return { invitation: view(existing) };
  const members = await memberViews(await activeMembers(id));
  if (members.some((mm) => mm.email.toLowerCase() === email)) {
    throw new AppError('CONFLICT', m.alreadyMemberEmail);
  }
  // One hit per invitation: repeats of one click count once.
  await hitLimit('invitationsPerUser', p.inviterSub, undefined, inviteId.slice(0, 12));
  const now = new Date();
  const expiresAt = invitationExpiry(now).toISOString();
  const invitation: PendingInvitationRecord = {
    invite_id: inviteId,
    organization_id: id,
    organization_name: organization.name,
    organization_type: organization.type,
    email,
    role: p.role,
    invited_by: p.inviterSub,
    invited_at: now.toISOString(),
    expires_at: expiresAt,
    ttl: invitationTtl(expiresAt),
  };
  const marker = newLinkMarker();
  const mail = invitationMail({
    to: email,
    inviter: (await personOf(p.inviterSub))?.name,
    organization: organization.name,
    role: p.role,
    marker,
  });
  const placed = await putPendingInvitation(
    invitation,
    outboxPut(
      mail,
      { kind: 'invitation', organization_id: id, email, invite_id: inviteId },
      now,
      marker,
    ),
  );
  if (placed) return { invitation: view(invitation) };
  // A parallel repeat of this request placed it first: answer what it placed.
  const stored = await getPendingInvitation(id, email);
  if (stored?.invite_id === inviteId) return { invitation: view(stored) };
  throw new AppError('CONFLICT', m.membersChanged);
}
