import { randomUUID } from 'node:crypto';
import type { StackInfo } from '../../local/stack.js';
import type { Organization, WorkContext } from '../../shared/contract/organizations.js';
import {
  organizationContextValue,
  WORK_CONTEXT_HEADER,
} from '../../shared/contract/work-context.js';
import type { OrganizationRole } from '../../shared/rules/organizations.js';
import { api, newConfirmedUser, type TestUser } from './client.js';
import { nowEpoch, subOf } from './ledger.js';
import { pointAt } from './table.js';

/** 'Crear Organización' through the API; `key` repeats a click. */
export function createOrganization(
  stack: StackInfo,
  user: TestUser,
  body: Record<string, unknown> = {},
  key: string = randomUUID(),
) {
  return api(stack)<{ organization: Organization; role: string }>('POST', '/api/organizations', {
    token: user.accessToken,
    body: { name: 'Inmobiliaria Los Andes', idempotency_key: key, ...body },
  });
}

/** The caller's work contexts (the header's switcher). */
export async function contextsOf(stack: StackInfo, user: TestUser): Promise<WorkContext[]> {
  const res = await api(stack)<{ contexts: WorkContext[] }>('GET', '/api/me/contexts', {
    token: user.accessToken,
  });
  if (res.status !== 200) throw new Error(`contexts: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.contexts;
}

/** The headers of a call made in the organisation's context, as the SPA sends them. */
export const inOrganization = (organizationId: string) => ({
  [WORK_CONTEXT_HEADER]: organizationContextValue(organizationId),
});

/** Makes `user` a member with `role` through the app's own repo (the accepted invitation). */
export async function addMemberTo(
  stack: StackInfo,
  org: Organization,
  user: TestUser,
  role: OrganizationRole = 'member',
) {
  pointAt(stack);
  const { addMember } = await import('../../functions/organizations/repo.js');
  return addMember(org, subOf(user.accessToken), role, new Date().toISOString());
}

export async function removeMemberFrom(stack: StackInfo, org: Organization, user: TestUser) {
  pointAt(stack);
  const { removeMember } = await import('../../functions/organizations/repo.js');
  return removeMember(org.id, subOf(user.accessToken), new Date().toISOString());
}

export async function deactivateOrganization(stack: StackInfo, org: Organization) {
  pointAt(stack);
  const { setOrganizationActive } = await import('../../functions/organizations/repo.js');
  return setOrganizationActive(org.id, false);
}

/** Grants `amount` credits to the organisation's wallet, as an 'earned' lot for a year. */
export async function grantOrganizationCredits(
  stack: StackInfo,
  org: Organization,
  amount: number,
) {
  pointAt(stack);
  const { grant } = await import('../../functions/credits/ledger.js');
  const { orgOwner } = await import('../../functions/credits/keys.js');
  return grant(
    {
      ownerId: orgOwner(org.id),
      type: 'earned',
      amount,
      expiresAt: nowEpoch() + 365 * 86_400,
      description: 'Créditos de prueba',
      idempotencyKey: `test:${randomUUID()}`,
    },
    nowEpoch,
  );
}

/** An organisation created by a new owner, with its wallet funded. */
export async function newOrganization(stack: StackInfo, credits = 0) {
  const owner = await newConfirmedUser(stack, 'Duena');
  const res = await createOrganization(stack, owner, {}, randomUUID());
  if (res.status !== 200)
    throw new Error(`organisation: ${res.status} ${JSON.stringify(res.body)}`);
  const org = res.body.organization;
  if (credits > 0) await grantOrganizationCredits(stack, org, credits);
  return { owner, org };
}
