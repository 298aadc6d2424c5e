import type { Member, Organization } from '../../shared/contract/organizations.js';
import { organizationsEs as m } from '../../shared/messages/organizations.es.js';
import {
  byRoleThenName,
  type MemberRefusal,
  managesMembers,
} from '../../shared/rules/organizations.js';
import type { Caller } from '../platform/auth-context.js';
import { AppError, forbidden, notFound } from '../platform/errors.js';
import {
  getMembership,
  getOrganization,
  listMembers,
  listPendingInvitations,
  type MembershipRecord,
  type OrganizationRecord,
  personOf,
  plausibleOrganizationId,
} from './repo.js';

/**
 * The member routes name the organisation in their path (`/api/organizations/{id}/…`), not in
 * the context header: each reads the caller's membership there itself, consistently, on every
 * call. Not an active member (never was, removed, left) or a deactivated organisation: 403
 * 'No perteneces a esta organización', the same for an id that names nothing.
 */
export async function memberAccess(
  id: string,
  caller: Caller,
  opts: { inactiveOrganization?: boolean } = {},
): Promise<{ membership: MembershipRecord; organization: OrganizationRecord }> {
  if (!plausibleOrganizationId(id)) throw forbidden(m.notAMember);
  const [membership, organization] = await Promise.all([
    getMembership(id, caller.sub),
    getOrganization(id),
  ]);
  if (membership?.status !== 'active' || !organization) throw forbidden(m.notAMember);
  if (!organization.is_active && !opts.inactiveOrganization) throw forbidden(m.notAMember);
  return { membership, organization };
}

/** The organisation's active memberships, read consistently. */
export async function activeMembers(id: string): Promise<MembershipRecord[]> {
  return (await listMembers(id)).filter((ms) => ms.status === 'active');
}

export const ownersAmong = (members: MembershipRecord[]) =>
  members.filter((ms) => ms.role === 'owner');

/**
 * A member as the list shows them: the name and e-mail copied when they joined; a membership
 * written before those were copied reads them from the profile.
 */
export async function memberView(ms: MembershipRecord): Promise<Member> {
  const person =
    ms.user_name !== undefined && ms.user_email !== undefined
      ? { name: ms.user_name, email: ms.user_email }
      : await personOf(ms.user_sub);
  return {
    sub: ms.user_sub,
    name: person?.name ?? '',
    email: person?.email ?? '',
    role: ms.role,
    joined_at: ms.joined_at,
  };
}

export const memberViews = (members: MembershipRecord[]) => Promise.all(members.map(memberView));

/**
 * The members screen's list (a member's and the platform admin's alike): the active members,
 * owners first, and the invitations still pending (not accepted, not expired), by address.
 */
export async function membersList(id: string) {
  const [members, invitations] = await Promise.all([activeMembers(id), listPendingInvitations(id)]);
  const now = Date.now();
  return {
    members: (await memberViews(members)).sort(byRoleThenName),
    invitations: invitations
      .filter((inv) => Date.parse(inv.expires_at) > now)
      .map(({ email, role, expires_at }) => ({ email, role, expires_at }))
      .sort((a, b) => a.email.localeCompare(b.email)),
  };
}

/** A refused step on the members, as the API answers it. */
export function refusalError(
  refusal: MemberRefusal,
  messages: { lastOwner: string; self: string },
): AppError {
  if (refusal === 'role') return forbidden(m.roleNotAllowed);
  return new AppError(
    'BUSINESS_RULE',
    refusal === 'last_owner' ? messages.lastOwner : messages.self,
  );
}

/** The membership changed between the read and the write, every time we tried. */
export const membersChanged = () => new AppError('CONFLICT', m.membersChanged);

/** Tries of a read-then-write whose write is conditioned on what was read. */
export const MEMBER_WRITE_TRIES = 3;

/** The organisation as the API shows it (without who created it). */
export function publicOrganization(org: OrganizationRecord): Organization {
  const { created_by: _by, ...organization } = org;
  return organization;
}

/**
 * What a change to another member reads first (a role change, a removal): the actor, who must
 * manage members (owner or admin), the active members, and the target among them (404 if not).
 */
export async function managedTarget(id: string, me: Caller, targetSub: string) {
  const { membership: actor } = await memberAccess(id, me);
  if (!managesMembers(actor.role)) throw forbidden(m.roleNotAllowed);
  const members = await activeMembers(id);
  const target = members.find((ms) => ms.user_sub === targetSub);
  if (!target) throw notFound(m.notMemberTarget);
  return { actor, members, target };
}
