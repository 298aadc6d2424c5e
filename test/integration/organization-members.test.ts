import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { organizationsEs as m } from '../../shared/messages/organizations.es.js';
import { api, newConfirmedUser, type TestUser, uniqueEmail } from '../support/client.js';
import { subOf } from '../support/ledger.js';
import {
  acceptInvitation,
  contextsOf,
  expireInvitation,
  inOrganization,
  invitationMailsTo,
  invitationToken,
  inviteTo,
  joinByInvitation,
  membersOf,
  newOrganization,
} from '../support/organizations.js';
import { scanTable, streamRecords } from '../support/table.js';

/**
 * Members and invitations of an organisation (issue 22): an invitation goes by mail through the
 * outbox, its link is accepted by the invited account only, and the role rules hold on the
 * server (who invites, changes roles, removes; the last owner stays).
 */
const stack = inject('stack');
const call = api(stack);

type ErrorBody = { error?: { code: string; message: string } };

const patchRole = (by: TestUser, orgId: string, sub: string, role: string) =>
  call<ErrorBody & { member?: { sub: string; role: string } }>(
    'PATCH',
    `/api/organizations/${orgId}/members/${sub}`,
    { token: by.accessToken, body: { role } },
  );
const remove = (by: TestUser, orgId: string, sub: string) =>
  call<ErrorBody>('DELETE', `/api/organizations/${orgId}/members/${sub}`, {
    token: by.accessToken,
  });
const leave = (by: TestUser, orgId: string) =>
  call<ErrorBody>('POST', `/api/organizations/${orgId}/leave`, { token: by.accessToken });
const wallet = (user: TestUser, orgId: string) =>
  call<ErrorBody>('GET', '/api/credits/wallet', {
    token: user.accessToken,
    headers: inOrganization(orgId),
  });

describe('invitations', () => {
  it('invite → mail → accept by the invited account: a member who sees the organisation', async () => {
    const { owner, org } = await newOrganization(stack);
    const ana = await newConfirmedUser(stack, 'Ana');
    const invited = await inviteTo(stack, owner, org, ana.email.toUpperCase(), 'admin');
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body.invitation).toMatchObject({ email: ana.email, role: 'admin' });
    const days = (Date.parse(invited.body.invitation.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    // Pending, as the owner's list shows it; Ana is not a member yet.
    const before = await membersOf(stack, owner, org);
    expect(before.body.invitations).toEqual([invited.body.invitation]);
    expect(before.body.members.map((mm) => mm.email)).toEqual([owner.email]);

    const token = await invitationToken(stack, ana.email);
    const [mail] = await invitationMailsTo(stack, ana.email);
    expect(mail?.subject).toContain(org.name);
    expect(mail?.body.text).toContain(`${stack.url}/invitacion?token=${token}`);
    expect(mail?.body.text).toContain('administrador');

    const accepted = await acceptInvitation(stack, ana, token);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.organization).toMatchObject({ id: org.id, name: org.name });
    expect(accepted.body.organization).not.toHaveProperty('created_by');
    expect(accepted.body.role).toBe('admin');

    const mine = (await contextsOf(stack, ana)).find((c) => c.organization_id === org.id);
    expect(mine).toMatchObject({ kind: 'organization', name: org.name, role: 'admin' });
    expect((await wallet(ana, org.id)).status).toBe(200);

    const after = await membersOf(stack, ana, org);
    expect(after.status).toBe(200);
    expect(after.body.invitations).toEqual([]);
    expect(after.body.members).toEqual([
      expect.objectContaining({ sub: subOf(owner.accessToken), email: owner.email, role: 'owner' }),
      expect.objectContaining({
        sub: subOf(ana.accessToken),
        name: 'Ana Test',
        email: ana.email,
        role: 'admin',
      }),
    ]);

    // The link's token was minted at send time: no item and no stream record holds it.
    const stored = JSON.stringify(await scanTable(stack));
    expect(stored).not.toContain(token);
    expect(JSON.stringify(await streamRecords(stack))).not.toContain(token);
  });

  it('refuses another account, and the invited one can still accept afterwards', async () => {
    const { owner, org } = await newOrganization(stack);
    const invitee = await newConfirmedUser(stack, 'Invitada');
    const intruder = await newConfirmedUser(stack, 'Intruso');
    await inviteTo(stack, owner, org, invitee.email);
    const token = await invitationToken(stack, invitee.email);

    const refused = await acceptInvitation(stack, intruder, token);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toBe(m.invitationOtherAccount);
    expect((await contextsOf(stack, intruder)).map((c) => c.organization_id)).not.toContain(org.id);
    expect((await wallet(intruder, org.id)).status).toBe(403);

    expect((await acceptInvitation(stack, invitee, token)).status).toBe(200);
  });

  it('an address with no account yet: its invitation stays pending and no other account takes it', async () => {
    const { owner, org } = await newOrganization(stack);
    const someone = await newConfirmedUser(stack, 'Alguien');
    const newcomer = uniqueEmail('sin-cuenta');
    expect((await inviteTo(stack, owner, org, newcomer)).status).toBe(200);
    const token = await invitationToken(stack, newcomer);
    expect((await acceptInvitation(stack, someone, token)).status).toBe(403);
    expect((await membersOf(stack, owner, org)).body.invitations.map((i) => i.email)).toEqual([
      newcomer,
    ]);
  });

  it('an expired, used, replaced or unknown link is refused with its own message', async () => {
    const { owner, org } = await newOrganization(stack);
    const ana = await newConfirmedUser(stack, 'Ana');
    const otro = await newConfirmedUser(stack, 'Otro');

    await inviteTo(stack, owner, org, ana.email);
    const first = await invitationToken(stack, ana.email, 1);
    await expireInvitation(stack, first);
    const expired = await acceptInvitation(stack, ana, first);
    expect(expired.status).toBe(400);
    expect(expired.body.error?.message).toBe(m.invitationExpired);
    // An expired invitation is no longer listed as pending.
    expect((await membersOf(stack, owner, org)).body.invitations).toEqual([]);

    // Inviting again replaces the pending invitation: the older link is refused.
    await inviteTo(stack, owner, org, ana.email);
    const second = await invitationToken(stack, ana.email, 2);
    await inviteTo(stack, owner, org, ana.email, 'admin');
    const third = await invitationToken(stack, ana.email, 3);
    const replaced = await acceptInvitation(stack, ana, second);
    expect(replaced.status).toBe(400);
    expect(replaced.body.error?.message).toBe(m.invitationReplaced);
    expect((await membersOf(stack, owner, org)).body.invitations).toEqual([
      expect.objectContaining({ email: ana.email, role: 'admin' }),
    ]);

    const accepted = await acceptInvitation(stack, ana, third);
    expect(accepted.status).toBe(200);
    expect(accepted.body.role).toBe('admin');
    // The same account again: the same answer; anyone else: used.
    const again = await acceptInvitation(stack, ana, third);
    expect(again.status).toBe(200);
    expect(again.body.role).toBe('admin');
    const used = await acceptInvitation(stack, otro, third);
    expect(used.status).toBe(400);
    expect(used.body.error?.message).toBe(m.invitationUsed);

    const unknown = await acceptInvitation(stack, ana, 'A'.repeat(43));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.message).toBe(m.invitationInvalid);
    expect((await acceptInvitation(stack, ana, 'corto')).status).toBe(400);
  });

  it('refuses to invite an address that already belongs to a member; a retried click is one invitation', async () => {
    const { owner, org } = await newOrganization(stack);
    const dup = await inviteTo(stack, owner, org, owner.email);
    expect(dup.status).toBe(409);
    expect(dup.body.error?.message).toBe(m.alreadyMemberEmail);

    const email = uniqueEmail('repetida');
    const key = randomUUID();
    const [a, b] = await Promise.all([
      inviteTo(stack, owner, org, email, 'member', key),
      inviteTo(stack, owner, org, email, 'member', key),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.invitation).toEqual(a.body.invitation);
    await invitationToken(stack, email, 1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await invitationMailsTo(stack, email)).toHaveLength(1);
  });

  it('limits the invitations one user sends in a day', async () => {
    const { owner, org } = await newOrganization(stack);
    const sent = [];
    for (let i = 0; i < 50; i++) sent.push(inviteTo(stack, owner, org, uniqueEmail(`lote${i}`)));
    const statuses = (await Promise.all(sent)).map((r) => r.status);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const over = await inviteTo(stack, owner, org, uniqueEmail('de-mas'));
    expect(over.status).toBe(429);
  });

  it('100 parallel accepts of one token: exactly one membership, no 5xx', async () => {
    const { owner, org } = await newOrganization(stack);
    const ana = await newConfirmedUser(stack, 'Paralela');
    await inviteTo(stack, owner, org, ana.email);
    const token = await invitationToken(stack, ana.email);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => acceptInvitation(stack, ana, token)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    // One accepts; the others find that acceptance is the caller's own and answer the same.
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(new Set(answers.map((a) => a.body.role))).toEqual(new Set(['member']));
    const list = await membersOf(stack, owner, org);
    expect(list.body.members.filter((mm) => mm.sub === subOf(ana.accessToken))).toHaveLength(1);
    expect(list.body.members).toHaveLength(2);
    expect((await contextsOf(stack, ana)).filter((c) => c.organization_id === org.id)).toHaveLength(
      1,
    );
  });
});

describe('role rules', () => {
  it('a member cannot invite; an admin cannot invite an owner; strangers are not members', async () => {
    const { owner, org } = await newOrganization(stack);
    const [member, admin, stranger] = await Promise.all([
      newConfirmedUser(stack, 'Miembro'),
      newConfirmedUser(stack, 'Admin'),
      newConfirmedUser(stack, 'Ajeno'),
    ]);
    await joinByInvitation(stack, owner, org, member, 'member');
    await joinByInvitation(stack, owner, org, admin, 'admin');

    const byMember = await inviteTo(stack, member, org, uniqueEmail('x'));
    expect(byMember.status).toBe(403);
    expect(byMember.body.error?.message).toBe(m.roleNotAllowed);
    const ownerByAdmin = await inviteTo(stack, admin, org, uniqueEmail('x'), 'owner');
    expect(ownerByAdmin.status).toBe(403);
    expect((await inviteTo(stack, admin, org, uniqueEmail('x'), 'admin')).status).toBe(200);
    expect((await inviteTo(stack, owner, org, uniqueEmail('x'), 'owner')).status).toBe(200);

    // Any member reads the list; a stranger reads nothing.
    expect((await membersOf(stack, member, org)).status).toBe(200);
    const foreign = await membersOf(stack, stranger, org);
    expect(foreign.status).toBe(403);
    expect(foreign.body.error?.message).toBe(m.notAMember);
    expect((await inviteTo(stack, stranger, org, uniqueEmail('x'))).status).toBe(403);
    expect((await leave(stranger, org.id)).status).toBe(403);

    // A member changes no roles and removes nobody.
    const memberTries = await patchRole(member, org.id, subOf(admin.accessToken), 'member');
    expect(memberTries.status).toBe(403);
    expect(memberTries.body.error?.message).toBe(m.roleNotAllowed);
    expect((await remove(member, org.id, subOf(admin.accessToken))).status).toBe(403);
  });

  it('admins cannot remove or demote owners, nor make one; owners can', async () => {
    const { owner, org } = await newOrganization(stack);
    const [admin, member] = await Promise.all([
      newConfirmedUser(stack, 'Admin'),
      newConfirmedUser(stack, 'Miembro'),
    ]);
    await joinByInvitation(stack, owner, org, admin, 'admin');
    await joinByInvitation(stack, owner, org, member, 'member');
    const ownerSub = subOf(owner.accessToken);
    const memberSub = subOf(member.accessToken);

    const removeOwner = await remove(admin, org.id, ownerSub);
    expect(removeOwner.status).toBe(403);
    expect(removeOwner.body.error?.message).toBe(m.roleNotAllowed);
    expect((await patchRole(admin, org.id, ownerSub, 'admin')).status).toBe(403);
    expect((await patchRole(admin, org.id, memberSub, 'owner')).status).toBe(403);

    // An admin promotes a member to admin and back.
    const promoted = await patchRole(admin, org.id, memberSub, 'admin');
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    expect(promoted.body.member).toMatchObject({ sub: memberSub, role: 'admin' });
    expect((await contextsOf(stack, member)).find((c) => c.organization_id === org.id)?.role).toBe(
      'admin',
    );
    expect((await patchRole(admin, org.id, memberSub, 'member')).status).toBe(200);
    // Nobody changes their own role.
    const own = await patchRole(admin, org.id, subOf(admin.accessToken), 'member');
    expect(own.status).toBe(422);
    expect(own.body.error?.message).toBe(m.ownRoleUnchangeable);
    // An unknown member.
    expect((await patchRole(owner, org.id, 'no-existe', 'admin')).status).toBe(404);

    // An owner makes an owner, and that owner may be removed by an owner.
    expect((await patchRole(owner, org.id, memberSub, 'owner')).status).toBe(200);
    expect((await remove(admin, org.id, memberSub)).status).toBe(403);
    expect((await remove(owner, org.id, memberSub)).status).toBe(200);
    expect((await contextsOf(stack, member)).map((c) => c.organization_id)).not.toContain(org.id);
  });

  it('the last owner cannot leave nor be demoted; with a second owner they can', async () => {
    const { owner, org } = await newOrganization(stack);
    const ownerSub = subOf(owner.accessToken);
    const cannotLeave = await leave(owner, org.id);
    expect(cannotLeave.status).toBe(422);
    expect(cannotLeave.body.error?.message).toBe(m.lastOwnerCannotLeave);
    const cannotDemote = await patchRole(owner, org.id, ownerSub, 'admin');
    expect(cannotDemote.status).toBe(422);
    expect(cannotDemote.body.error?.message).toBe(m.lastOwnerCannotBeDemoted);
    const cannotRemoveSelf = await remove(owner, org.id, ownerSub);
    expect(cannotRemoveSelf.status).toBe(422);

    const second = await newConfirmedUser(stack, 'Segunda');
    await joinByInvitation(stack, owner, org, second, 'owner');
    // Two owners demoting each other at once: one of them stays owner.
    const [a, b] = await Promise.all([
      patchRole(owner, org.id, subOf(second.accessToken), 'admin'),
      patchRole(second, org.id, ownerSub, 'admin'),
    ]);
    expect([a.status, b.status].filter((s) => s >= 500)).toEqual([]);
    const owners = (await membersOf(stack, owner, org)).body.members.filter(
      (mm) => mm.role === 'owner',
    );
    expect(owners).toHaveLength(1);
    // Make both owners again, then the first one leaves.
    const remaining = owners[0]?.sub === ownerSub ? owner : second;
    const demoted = remaining === owner ? second : owner;
    expect((await patchRole(remaining, org.id, subOf(demoted.accessToken), 'owner')).status).toBe(
      200,
    );
    expect((await leave(owner, org.id)).status).toBe(200);
    expect((await contextsOf(stack, owner)).map((c) => c.organization_id)).not.toContain(org.id);
    expect((await leave(second, org.id)).status).toBe(422);
  });

  it("a removed member's next call in that context is refused", async () => {
    const { owner, org } = await newOrganization(stack);
    const admin = await newConfirmedUser(stack, 'Admin');
    const member = await newConfirmedUser(stack, 'Saliente');
    await joinByInvitation(stack, owner, org, admin, 'admin');
    await joinByInvitation(stack, owner, org, member, 'member');
    expect((await wallet(member, org.id)).status).toBe(200);

    expect((await remove(admin, org.id, subOf(member.accessToken))).status).toBe(200);
    const refused = await wallet(member, org.id);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toBe(m.notAMember);
    expect((await membersOf(stack, member, org)).status).toBe(403);
    // Removing again: no longer a member.
    expect((await remove(admin, org.id, subOf(member.accessToken))).status).toBe(404);
    const list = await membersOf(stack, owner, org);
    expect(list.body.members.map((mm) => mm.sub)).not.toContain(subOf(member.accessToken));

    // Invited again, they come back.
    await joinByInvitation(stack, owner, org, member, 'member');
    expect((await wallet(member, org.id)).status).toBe(200);

    // A member leaves on their own.
    expect((await leave(member, org.id)).status).toBe(200);
    expect((await wallet(member, org.id)).status).toBe(403);
  });
});
