import { expect } from 'vitest';
import type { StackInfo } from '../../local/stack.js';
import type { RouteId } from '../../shared/contract/routes.js';
import { organizationsEs } from '../../shared/messages/organizations.es.js';
import { api, type TestUser, uniqueEmail } from '../support/client.js';
import { subOf } from '../support/ledger.js';
import {
  acceptInvitation,
  contextsOf,
  createOrganization,
  invitationToken,
  inviteTo,
  membersOf,
} from '../support/organizations.js';
import type { OwnershipCase } from './ownership-cases.js';

/** Ownership cases of the organisation routes (merged into ownershipCases). */
export const organizationsOwnershipCases: Partial<Record<RouteId, OwnershipCase>> = {
  listMyContexts: async ({ stack, owner, other }) => {
    const made = await createOrganization(stack, owner, { name: 'Solo del dueño' });
    expect(made.status).toBe(200);
    // Another user's list holds only their own Personal context.
    const theirs = await contextsOf(stack, other);
    expect(theirs.map((c) => c.organization_id)).not.toContain(made.body.organization.id);
  },
  createOrganization: async ({ stack, owner, other }) => {
    // The same idempotency key from another user makes that user's own organisation: the key
    // never reaches the owner's.
    const key = `shared-key-${Date.now()}`;
    const mine = await createOrganization(stack, owner, { name: 'Del dueño' }, key);
    const theirs = await createOrganization(stack, other, { name: 'Del otro' }, key);
    expect(mine.status).toBe(200);
    expect(theirs.status).toBe(200);
    expect(theirs.body.organization.id).not.toBe(mine.body.organization.id);
    expect(theirs.body.organization.name).toBe('Del otro');
    const ownerOrgs = (await contextsOf(stack, owner)).filter((c) => c.kind === 'organization');
    expect(ownerOrgs.map((c) => c.name)).not.toContain('Del otro');
  },
  // The member routes name the organisation in the path: another user is not a member there,
  // so every one of them answers 403 and the owner's organisation stays as it was.
  getOrganizationDashboard: async ({ stack, owner, other }) => {
    const org = await ownersOrganization(stack, owner);
    const res = await api(stack)<{ error?: { message: string } }>(
      'GET',
      `/api/organizations/${org.id}/dashboard`,
      { token: other.accessToken },
    );
    expect(res.status).toBe(403);
    expect(res.body.error?.message).toBe(organizationsEs.notAMember);
    expect(JSON.stringify(res.body)).not.toContain(org.name);
  },
  listOrganizationMembers: async ({ stack, owner, other }) => {
    const org = await ownersOrganization(stack, owner);
    const res = await membersOf(stack, other, org);
    expect(res.status).toBe(403);
    expect(res.body.error?.message).toBe(organizationsEs.notAMember);
    expect(JSON.stringify(res.body)).not.toContain(owner.email);
  },
  inviteOrganizationMember: async ({ stack, owner, other }) => {
    const org = await ownersOrganization(stack, owner);
    const res = await inviteTo(stack, other, org, other.email, 'owner');
    expect(res.status).toBe(403);
    expect((await membersOf(stack, owner, org)).body.invitations).toEqual([]);
  },
  acceptInvitation: async ({ stack, owner, other }) => {
    // The owner's invitation to a third address: another account holding its link gets nothing.
    const org = await ownersOrganization(stack, owner);
    const third = uniqueEmail('tercera');
    expect((await inviteTo(stack, owner, org, third)).status).toBe(200);
    const res = await acceptInvitation(stack, other, await invitationToken(stack, third));
    expect(res.status).toBe(403);
    expect(res.body).not.toHaveProperty('organization');
    const list = await membersOf(stack, owner, org);
    expect(list.body.members.map((m) => m.sub)).toEqual([subOf(owner.accessToken)]);
  },
  changeOrganizationMemberRole: async ({ stack, owner, other }) => {
    const org = await ownersOrganization(stack, owner);
    const res = await api(stack)(
      'PATCH',
      `/api/organizations/${org.id}/members/${subOf(owner.accessToken)}`,
      { token: other.accessToken, body: { role: 'member' } },
    );
    expect(res.status).toBe(403);
    const list = await membersOf(stack, owner, org);
    expect(list.body.members.map((m) => m.role)).toEqual(['owner']);
  },
  removeOrganizationMember: async ({ stack, owner, other }) => {
    const org = await ownersOrganization(stack, owner);
    const res = await api(stack)(
      'DELETE',
      `/api/organizations/${org.id}/members/${subOf(owner.accessToken)}`,
      { token: other.accessToken },
    );
    expect(res.status).toBe(403);
    expect((await contextsOf(stack, owner)).map((c) => c.organization_id)).toContain(org.id);
  },
  leaveOrganization: async ({ stack, owner, other }) => {
    const org = await ownersOrganization(stack, owner);
    const res = await api(stack)('POST', `/api/organizations/${org.id}/leave`, {
      token: other.accessToken,
    });
    expect(res.status).toBe(403);
    expect((await membersOf(stack, owner, org)).body.members).toHaveLength(1);
  },
};

/** A fresh organisation of `owner`'s. */
async function ownersOrganization(stack: StackInfo, owner: TestUser) {
  const made = await createOrganization(stack, owner, { name: 'Del dueño' });
  expect(made.status).toBe(200);
  return made.body.organization;
}
