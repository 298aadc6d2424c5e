import { expect } from 'vitest';
import type { StackInfo } from '../../local/stack.js';
import type { RouteId } from '../../shared/contract/routes.js';
import { adminApi, asAdmin } from '../support/admin.js';
import type { TestUser } from '../support/client.js';
import { subOf } from '../support/ledger.js';
import { asAdminSettings, notarySettings, notarySettingsApi } from '../support/notary.js';
import {
  addMemberTo,
  contextsOf,
  createOrganization,
  membersOf,
} from '../support/organizations.js';
import type { OwnershipCase } from './ownership-cases.js';

/**
 * Ownership cases of the admin routes (merged into ownershipCases): the admin routes name any
 * organisation, so what keeps users apart is the `admin` group. Another user's valid token,
 * aimed at the owner's real organisation (not a sample id), is refused with 403 and the
 * organisation stays as it was.
 */
export const adminOwnershipCases: Partial<Record<RouteId, OwnershipCase>> = {
  listAdminOrganizations: async ({ stack, owner, other }) => {
    const org = await ownersOrganization(stack, owner);
    const res = await adminApi(stack, other.accessToken).list({ q: org.name });
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain(org.id);
  },
  createAdminOrganization: async ({ stack, other }) => {
    const res = await adminApi(stack, other.accessToken).create({ name: 'Intrusa S.A.' });
    expect(res.status).toBe(403);
    const listed = await (await asAdmin(stack)).list({ q: 'Intrusa S.A.' });
    expect(listed.body.organizations).toEqual([]);
  },
  updateAdminOrganization: async ({ stack, owner, other }) => {
    const org = await ownersOrganization(stack, owner);
    const res = await adminApi(stack, other.accessToken).update(org.id, { name: 'Tomada' });
    expect(res.status).toBe(403);
    const mine = (await contextsOf(stack, owner)).find((c) => c.organization_id === org.id);
    expect(mine?.name).toBe(org.name);
  },
  deactivateAdminOrganization: async ({ stack, owner, other }) => {
    const org = await ownersOrganization(stack, owner);
    expect((await adminApi(stack, other.accessToken).deactivate(org.id)).status).toBe(403);
    expect((await membersOf(stack, owner, org)).status).toBe(200);
  },
  listAdminOrganizationMembers: async ({ stack, owner, other }) => {
    const org = await ownersOrganization(stack, owner);
    const res = await adminApi(stack, other.accessToken).members(org.id);
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain(owner.email);
  },
  inviteAdminOrganizationMember: async ({ stack, owner, other }) => {
    const org = await ownersOrganization(stack, owner);
    const res = await adminApi(stack, other.accessToken).invite(org.id, other.email, 'owner');
    expect(res.status).toBe(403);
    expect((await membersOf(stack, owner, org)).body.invitations).toEqual([]);
  },
  removeAdminOrganizationMember: async ({ stack, owner, other }) => {
    const org = await ownersOrganization(stack, owner);
    const res = await adminApi(stack, other.accessToken).remove(org.id, subOf(owner.accessToken));
    expect(res.status).toBe(403);
    expect((await membersOf(stack, owner, org)).body.members).toHaveLength(1);
  },
  getAdminOrganizationBilling: async ({ stack, owner, other }) => {
    const org = await ownersOrganization(stack, owner);
    const res = await adminApi(stack, other.accessToken).billing(org.id);
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain(org.name);
  },
  getAdminOrganizationAnalytics: async ({ stack, owner, other }) => {
    const org = await ownersOrganization(stack, owner);
    const res = await adminApi(stack, other.accessToken).analytics(org.id);
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain(org.name);
  },
  adjustAdminOrganizationCredits: async ({ stack, owner, other }) => {
    const org = await ownersOrganization(stack, owner);
    const res = await adminApi(stack, other.accessToken).adjust(org.id, 500, 'Regalo indebido');
    expect(res.status).toBe(403);
    expect((await (await asAdmin(stack)).billing(org.id)).body.wallet.balance).toBe(0);
  },
  getAdminNotarySettings: async ({ stack, owner, other }) => {
    const org = await ownersNotary(stack, owner);
    const res = await notarySettingsApi(stack, other.accessToken).get(org.id);
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain(org.name);
    expect(JSON.stringify(res.body)).not.toContain('services_offered');
  },
  putAdminNotarySettings: async ({ stack, owner, other }) => {
    const org = await ownersNotary(stack, owner);
    const admin = await asAdminSettings(stack);
    const before = (await admin.get(org.id)).body.settings;
    const res = await notarySettingsApi(stack, other.accessToken).put(
      org.id,
      notarySettings({ assignment_weight: 100, active: false, services_offered: [] }),
    );
    expect(res.status).toBe(403);
    expect((await admin.get(org.id)).body.settings).toEqual(before);
  },
};

/**
 * A fresh notary (only the admin makes notaries) whose owner is `owner`, with settings saved:
 * one service, weight 10, active.
 */
async function ownersNotary(stack: StackInfo, owner: TestUser) {
  const made = await (await asAdmin(stack)).create({ name: 'Notaría del dueño', type: 'notary' });
  expect(made.status).toBe(200);
  const org = made.body.organization;
  await addMemberTo(stack, org, owner, 'owner');
  const saved = await (await asAdminSettings(stack)).put(org.id, notarySettings());
  expect(saved.status).toBe(200);
  return org;
}

/** A fresh organisation of `owner`'s. */
async function ownersOrganization(stack: StackInfo, owner: TestUser) {
  const made = await createOrganization(stack, owner, { name: 'Del dueño' });
  expect(made.status).toBe(200);
  return made.body.organization;
}
