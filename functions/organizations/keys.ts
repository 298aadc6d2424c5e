/**
 * Key design of organisations, memberships and invitations (docs/data-model.md
 * "Organisations"). Only the organisations repositories (repo.ts, admin-repo.ts) import this
 * file; nothing else builds these keys.
 *
 *   ORG#{id} / META              the organisation
 *       gsi1: ORGS / {created_at}#{id}   the admin's list, newest first (every organisation)
 *   ORG#{id} / MEMBER#{sub}      a membership, as the organisation lists its members
 *   USER#{sub} / MEMBERSHIP#{id} the same membership, as the caller lists their contexts
 *   ORG#{id} / INVITE#{email}    the address's pending invitation (one per address)
 *   INVITE#{sha256(token)} / INVITE  the invitation as its link finds it
 */
export const orgKey = (id: string) => ({ pk: `ORG#${id}`, sk: 'META' });

/** The partition of the admin's organisation list (one, small: organisations are few). */
export const ORGANIZATIONS_LIST_PK = 'ORGS';

/** The organisation's place in the admin's list: newest first by a descending Query. */
export const organizationListKeys = (org: { id: string; created_at: string }) => ({
  gsi1pk: ORGANIZATIONS_LIST_PK,
  gsi1sk: `${org.created_at}#${org.id}`,
});

export const memberKey = (id: string, sub: string) => ({ pk: `ORG#${id}`, sk: `MEMBER#${sub}` });

export const userMembershipKey = (sub: string, id: string) => ({
  pk: `USER#${sub}`,
  sk: `MEMBERSHIP#${id}`,
});

export const pendingInvitationKey = (id: string, email: string) => ({
  pk: `ORG#${id}`,
  sk: `INVITE#${email}`,
});

/** The key an invitation's link is looked up by: the SHA-256 (hex) of its token. */
export const invitationTokenKey = (tokenHash: string) => ({
  pk: `INVITE#${tokenHash}`,
  sk: 'INVITE',
});
