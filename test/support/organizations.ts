import { randomUUID } from 'node:crypto';
import type { StackInfo } from '../../local/stack.js';
import type {
  Member,
  Organization,
  PendingInvitation,
  WorkContext,
} from '../../shared/contract/organizations.js';
import {
  organizationContextValue,
  WORK_CONTEXT_HEADER,
} from '../../shared/contract/work-context.js';
import type { OrganizationRole } from '../../shared/rules/organizations.js';
import { api, appLink, mailsTo, newConfirmedUser, type TestUser } from './client.js';
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

/** Invites `email` to the organisation as `by`; `key` repeats a click. */
export function inviteTo(
  stack: StackInfo,
  by: TestUser,
  org: Organization,
  email: string,
  role: OrganizationRole = 'member',
  key: string = randomUUID(),
) {
  return api(stack)<{ invitation: PendingInvitation; error?: { message: string } }>(
    'POST',
    `/api/organizations/${org.id}/invitations`,
    { token: by.accessToken, body: { email, role, idempotency_key: key } },
  );
}

/**
 * The token of the `count`-th invitation mailed to `email` (the outbox sends it shortly after
 * the invitation is written: waits up to 15 s).
 */
export async function invitationToken(stack: StackInfo, email: string, count = 1): Promise<string> {
  for (let i = 0; i < 150; i++) {
    const mail = (await invitationMailsTo(stack, email))[count - 1];
    if (mail) {
      const token = appLink(stack, mail).searchParams.get('token');
      if (!token) throw new Error('invitation mail without a token');
      return token;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no invitation #${count} to ${email}`);
}

export function acceptInvitation(stack: StackInfo, user: TestUser, token: string) {
  return api(stack)<{
    organization: Organization;
    role: OrganizationRole;
    error?: { code: string; message: string };
  }>('POST', '/api/invitations/accept', { token: user.accessToken, body: { token } });
}

/** The organisation's members and pending invitations, as `user` reads them. */
export function membersOf(stack: StackInfo, user: TestUser, org: Organization) {
  return api(stack)<{
    members: Member[];
    invitations: PendingInvitation[];
    error?: { message: string };
  }>('GET', `/api/organizations/${org.id}/members`, { token: user.accessToken });
}

/** Invitation mails that reached `email` so far. */
export async function invitationMailsTo(stack: StackInfo, email: string) {
  return (await mailsTo(stack, email)).filter((mail) =>
    (mail.body.html ?? '').includes('/invitacion?token='),
  );
}

/** Invites `user` by their address and accepts the mailed link as them. */
export async function joinByInvitation(
  stack: StackInfo,
  by: TestUser,
  org: Organization,
  user: TestUser,
  role: OrganizationRole = 'member',
) {
  const before = (await invitationMailsTo(stack, user.email)).length;
  const invited = await inviteTo(stack, by, org, user.email, role);
  if (invited.status !== 200) throw new Error(`invite: ${invited.status}`);
  const token = await invitationToken(stack, user.email, before + 1);
  const accepted = await acceptInvitation(stack, user, token);
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.status}`);
  return accepted.body;
}

/** Makes an invitation expired (its link and its pending entry), as if its 7 days had passed. */
export async function expireInvitation(stack: StackInfo, token: string) {
  pointAt(stack);
  const { resetConfigCache } = await import('../../functions/platform/config.js');
  resetConfigCache();
  const { sha256 } = await import('../../functions/platform/secrets.js');
  const repo = await import('../../functions/organizations/repo.js');
  const { db, tableName } = await import('../../functions/platform/db.js');
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const link = await repo.getInvitationByToken(sha256(token));
  if (!link) throw new Error('invitation not found');
  const past = new Date(Date.now() - 1000).toISOString();
  for (const key of [
    repo.invitationTokenKey(sha256(token)),
    repo.pendingInvitationKey(link.organization_id, link.email),
  ]) {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'SET expires_at = :past',
        ConditionExpression: 'attribute_exists(pk) AND invite_id = :id',
        ExpressionAttributeValues: { ':past': past, ':id': link.invite_id },
      }),
    );
  }
}
