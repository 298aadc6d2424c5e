import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Order } from '../../shared/contract/orders.js';
import type { Organization } from '../../shared/contract/organizations.js';
import { organizationsEs as m } from '../../shared/messages/organizations.es.js';
import { adminApi, adminOf, asAdmin } from '../support/admin.js';
import { api, newConfirmedUser, type TestUser } from '../support/client.js';
import { subOf } from '../support/ledger.js';
import { checkoutApi, completeRequest, rewriteOrder } from '../support/orders.js';
import {
  acceptInvitation,
  addMemberTo,
  contextsOf,
  inOrganization,
  invitationToken,
  newOrganization,
} from '../support/organizations.js';

/**
 * The platform admin's organisations (screen 17, issue 22): the list with its search, filter,
 * totals and cards; create (no members), edit (the name reaches the members' switcher),
 * soft delete (the members' calls are refused); the members screen: list, invite any role,
 * remove (never the last owner). Only the `admin` group gets in.
 */
const stack = inject('stack');
const call = api(stack);

let admin: Awaited<ReturnType<typeof asAdmin>>;
beforeAll(async () => {
  admin = await asAdmin(stack);
});

/** A distinct name, so searches in this shared stack find only this test's organisations. */
const tag = () => randomUUID().slice(0, 8);

const wallet = (user: TestUser, orgId: string) =>
  call<{ error?: { message: string } }>('GET', '/api/credits/wallet', {
    token: user.accessToken,
    headers: inOrganization(orgId),
  });

async function created(body: Record<string, unknown> = {}): Promise<Organization> {
  const res = await admin.create(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.organization;
}

describe('creating an organisation', () => {
  it('makes a company or a notary without members; the admin is not one', async () => {
    const name = `Notaría Pérez ${tag()}`;
    const res = await admin.create({
      name: `  ${name}  `,
      type: 'notary',
      email: 'Contacto@Perez.CL',
      phone: '+56 2 2345 6789',
      address: 'Huérfanos 1234, Santiago',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const org = res.body.organization;
    expect(org).toMatchObject({
      name,
      type: 'notary',
      email: 'contacto@perez.cl',
      phone: '+56 2 2345 6789',
      address: 'Huérfanos 1234, Santiago',
      region: null,
      industry: null,
      is_active: true,
    });
    expect(org.id).toMatch(/^[0-9a-f]{24}$/);
    expect(org).not.toHaveProperty('created_by');

    expect((await admin.members(org.id)).body).toEqual({ members: [], invitations: [] });
    const adminContexts = await call<{ contexts: { organization_id: string | null }[] }>(
      'GET',
      '/api/me/contexts',
      { token: (await adminOf(stack)).accessToken },
    );
    expect(adminContexts.body.contexts.map((c) => c.organization_id)).not.toContain(org.id);

    const company = await created({ name: `Constructora ${tag()}`, type: 'company' });
    expect(company).toMatchObject({ type: 'company', email: null, phone: null, address: null });
  });

  it('refuses bad input with a Spanish 400', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '   ' }, 'name', m.nameRequired],
      [{ name: undefined }, 'name', m.nameRequired],
      [{ name: 'x'.repeat(201) }, 'name', m.nameTooLong],
      [{ type: undefined }, 'type', m.typeRequired],
      [{ type: 'ngo' }, 'type', m.typeRequired],
      [{ email: 'no-es-correo' }, 'email', m.emailInvalid],
      [{ idempotency_key: 'x' }, 'idempotency_key', 'Falta la clave de idempotencia'],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.fields?.[field]).toBe(message);
    }
    const unknown = await admin.create({ region: 'RM' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.message).toContain('Campo no permitido');
    expect((await admin.create({ name: 'x'.repeat(200) })).status).toBe(200);
  });

  it('100 parallel creates with one key make one organisation', async () => {
    const key = randomUUID();
    const name = `Doble clic ${tag()}`;
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => admin.create({ name, type: 'company' }, key)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
    const ids = new Set(answers.map((a) => a.body.organization.id));
    expect(ids.size).toBe(1);
    const listed = await admin.list({ q: name });
    expect(listed.body.organizations.map((o) => o.name)).toEqual([name]);
  });
});

describe('the list', () => {
  it('searches by name or e-mail (no case, no accents), filters by type, counts everything', async () => {
    const t = tag();
    const notary = await created({ name: `Notaría Ñuñoa ${t}`, type: 'notary' });
    const company = await created({
      name: `Inmobiliaria ${t}`,
      type: 'company',
      email: `ventas-${t}@andes.cl`,
    });

    const all = await admin.list();
    expect(all.status).toBe(200);
    // Newest first.
    const ids = all.body.organizations.map((o) => o.id);
    expect(ids.indexOf(company.id)).toBeLessThan(ids.indexOf(notary.id));
    const { totals } = all.body;
    expect(totals.total).toBe(all.body.organizations.length);
    expect(totals.companies + totals.notaries).toBe(totals.total);
    expect(totals.active).toBe(all.body.organizations.filter((o) => o.is_active).length);

    const byName = await admin.list({ q: `NOTARIA NUNOA ${t}` });
    expect(byName.body.organizations.map((o) => o.id)).toEqual([notary.id]);
    // The totals describe every organisation, not the search.
    expect(byName.body.totals.total).toBeGreaterThanOrEqual(totals.total);
    const byEmail = await admin.list({ q: `ventas-${t}@` });
    expect(byEmail.body.organizations.map((o) => o.id)).toEqual([company.id]);
    const notaries = await admin.list({ q: t, type: 'notary' });
    expect(notaries.body.organizations.map((o) => o.id)).toEqual([notary.id]);
    const companies = await admin.list({ q: t, type: 'company' });
    expect(companies.body.organizations.map((o) => o.id)).toEqual([company.id]);
    expect((await admin.list({ q: t, type: 'all' })).body.organizations).toHaveLength(2);
    expect((await admin.list({ q: `nada-${t}` })).body.organizations).toEqual([]);
  });

  it('lists the demo organisations the seed wrote (with their owners as chips)', async () => {
    const demo = await admin.list({ q: 'demostracion', type: 'notary' });
    expect(demo.body.organizations.map((o) => o.name)).toContain('Notaría Fuentes (demostración)');
    expect(demo.body.organizations[0]?.member_chips[0]?.role).toBe('owner');
  });

  it('refuses a bad filter with a Spanish 400', async () => {
    const res = await admin.list({ type: 'ngo' });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe(m.typeFilterInvalid);
    expect((await admin.list({ q: 'x'.repeat(201) })).status).toBe(400);
  });

  it('shows members (five chips, then how many more), credits and documents', async () => {
    const { owner, org } = await newOrganization(stack, 5000);
    const people = await Promise.all(
      Array.from({ length: 6 }, (_, i) => newConfirmedUser(stack, `Equipo${i}`)),
    );
    await addMemberTo(stack, org, people[5] as TestUser, 'admin');
    for (const p of people.slice(0, 5)) await addMemberTo(stack, org, p);

    // Two orders paid by the organisation's wallet; one of them completed.
    const shop = checkoutApi(stack, inOrganization(org.id));
    const paid: Order[] = [];
    for (let i = 0; i < 2; i++) {
      const req = await completeRequest(stack, owner);
      const res = await shop.payCredits(owner, req.id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      paid.push(res.body.order);
    }
    await rewriteOrder(stack, paid[0]?.id ?? '', { status: 'completed' });
    const spent = paid.reduce((s, o) => s + o.credits_used, 0);

    const card = (await admin.list({ q: org.name })).body.organizations.find(
      (o) => o.id === org.id,
    );
    expect(card).toMatchObject({
      id: org.id,
      name: org.name,
      type: 'company',
      is_active: true,
      members_count: 7,
      more_members: 2,
      credits: 5000 - spent,
      documents_received: 2,
      documents_processed: 1,
    });
    expect(card?.member_chips).toHaveLength(5);
    // Owners first, then admins, then members by name: each chip names the person and the role.
    expect(card?.member_chips[0]).toEqual({
      name: 'Duena Test',
      email: owner.email,
      role: 'owner',
    });
    expect(card?.member_chips[1]).toEqual({
      name: 'Equipo5 Test',
      email: people[5]?.email,
      role: 'admin',
    });
    expect(card?.member_chips.slice(2).map((c) => c.name)).toEqual([
      'Equipo0 Test',
      'Equipo1 Test',
      'Equipo2 Test',
    ]);
  });
});

describe('editing an organisation', () => {
  it("changes its fields and the name its members' switcher shows", async () => {
    const { owner, org } = await newOrganization(stack);
    const member = await newConfirmedUser(stack, 'Miembro');
    await addMemberTo(stack, org, member);
    const name = `Nuevo Nombre ${tag()}`;
    const res = await admin.update(org.id, {
      name,
      email: 'Hola@Empresa.cl',
      phone: '+56 9 1234 5678',
      address: 'Av. Apoquindo 100',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.organization).toMatchObject({
      id: org.id,
      name,
      type: 'company',
      email: 'hola@empresa.cl',
      phone: '+56 9 1234 5678',
      address: 'Av. Apoquindo 100',
      created_at: org.created_at,
    });
    for (const who of [owner, member]) {
      const mine = (await contextsOf(stack, who)).find((c) => c.organization_id === org.id);
      expect(mine?.name).toBe(name);
    }

    // A field left out stays; null (or an empty string) clears it.
    const again = await admin.update(org.id, { name, email: null, address: '' });
    expect(again.body.organization).toMatchObject({
      email: null,
      phone: '+56 9 1234 5678',
      address: null,
    });
  });

  it('an invitation accepted after a rename joins with the new name', async () => {
    const org = await created({ name: `Antes ${tag()}` });
    const invitee = await newConfirmedUser(stack, 'Invitada');
    expect((await admin.invite(org.id, invitee.email, 'owner')).status).toBe(200);
    const token = await invitationToken(stack, invitee.email);
    const name = `Después ${tag()}`;
    expect((await admin.update(org.id, { name })).status).toBe(200);
    expect((await acceptInvitation(stack, invitee, token)).status).toBe(200);
    const mine = (await contextsOf(stack, invitee)).find((c) => c.organization_id === org.id);
    expect(mine).toMatchObject({ name, role: 'owner' });
  });

  it('refuses bad input with a Spanish 400 and an unknown organisation with a 404', async () => {
    const org = await created();
    for (const [body, message] of [
      [{ name: '' }, m.nameRequired],
      [{ email: 'x@y.cl' }, m.nameRequired],
      [{ name: 'x'.repeat(201) }, m.nameTooLong],
      [{ name: 'Ok', email: 'malo' }, m.emailInvalid],
    ] as const) {
      const res = await admin.update(org.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.message).toBe(message);
    }
    expect((await admin.update(org.id, { name: 'Ok', type: 'company' })).status).toBe(400);
    for (const id of ['0'.repeat(24), 'no-existe']) {
      const res = await admin.update(id, { name: 'Ok' });
      expect(res.status).toBe(404);
      expect(res.body.error?.message).toBe(m.organizationNotFound);
    }
  });
});

describe('deactivating an organisation', () => {
  it("sets is_active false, refuses its members' context calls, and is idempotent", async () => {
    const { owner, org } = await newOrganization(stack, 10);
    const member = await newConfirmedUser(stack, 'Miembro');
    await addMemberTo(stack, org, member);
    expect((await wallet(member, org.id)).status).toBe(200);

    const res = await admin.deactivate(org.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.organization).toMatchObject({ id: org.id, is_active: false });
    for (const who of [owner, member]) {
      const refused = await wallet(who, org.id);
      expect(refused.status).toBe(403);
      expect(refused.body.error?.message).toBe(m.notAMember);
    }
    const again = await admin.deactivate(org.id);
    expect(again.status).toBe(200);
    expect(again.body.organization.is_active).toBe(false);

    const card = (await admin.list({ q: org.name })).body.organizations.find(
      (o) => o.id === org.id,
    );
    expect(card?.is_active).toBe(false);
    // Its members are still listed for the admin; no new invitation can be placed.
    expect((await admin.members(org.id)).body.members).toHaveLength(2);
    const invite = await admin.invite(org.id, 'nueva@example.com', 'member');
    expect(invite.status).toBe(422);
    expect(invite.body.error?.message).toBe(m.organizationInactive);
  });

  it('answers 404 for an unknown organisation', async () => {
    const res = await admin.deactivate('f'.repeat(24));
    expect(res.status).toBe(404);
    expect(res.body.error?.message).toBe(m.organizationNotFound);
  });
});

describe("the admin's members screen", () => {
  it('lists members like the owner sees them, invites an owner, removes a member', async () => {
    const org = await created({ name: `Sin dueño ${tag()}`, type: 'company' });
    const [firstOwner, member] = await Promise.all([
      newConfirmedUser(stack, 'Duena'),
      newConfirmedUser(stack, 'Miembro'),
    ]);
    // The admin invites the first owner: how an organisation the admin created gets one.
    const invited = await admin.invite(org.id, firstOwner.email.toUpperCase(), 'owner');
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body.invitation).toMatchObject({ email: firstOwner.email, role: 'owner' });
    const accepted = await acceptInvitation(
      stack,
      firstOwner,
      await invitationToken(stack, firstOwner.email),
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.role).toBe('owner');
    await addMemberTo(stack, org, member);

    const list = await admin.members(org.id);
    expect(list.status).toBe(200);
    const ownersView = await call('GET', `/api/organizations/${org.id}/members`, {
      token: firstOwner.accessToken,
    });
    expect(list.body).toEqual(ownersView.body);
    expect(list.body.members.map((mm) => [mm.email, mm.role])).toEqual([
      [firstOwner.email, 'owner'],
      [member.email, 'member'],
    ]);

    // An address already in the organisation is not invited again.
    const dup = await admin.invite(org.id, member.email, 'admin');
    expect(dup.status).toBe(409);
    expect(dup.body.error?.message).toBe(m.alreadyMemberEmail);

    const removed = await admin.remove(org.id, subOf(member.accessToken));
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toEqual({ ok: true });
    expect((await wallet(member, org.id)).status).toBe(403);
    const notThere = await admin.remove(org.id, subOf(member.accessToken));
    expect(notThere.status).toBe(404);
    expect(notThere.body.error?.message).toBe(m.notMemberTarget);
  });

  it('never removes the last owner; one of two owners, yes', async () => {
    const { owner, org } = await newOrganization(stack);
    const last = await admin.remove(org.id, subOf(owner.accessToken));
    expect(last.status).toBe(422);
    expect(last.body.error?.message).toBe(m.lastOwnerCannotBeRemoved);
    expect((await wallet(owner, org.id)).status).toBe(200);

    const second = await newConfirmedUser(stack, 'Segunda');
    await addMemberTo(stack, org, second, 'owner');
    expect((await admin.remove(org.id, subOf(owner.accessToken))).status).toBe(200);
    expect((await admin.remove(org.id, subOf(second.accessToken))).status).toBe(422);
  });

  it('validates the invitation and answers 404 for an unknown organisation', async () => {
    const org = await created();
    const bad = await admin.invite(org.id, 'no-es-correo', 'member');
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toBe(m.emailInvalid);
    const badRole = await admin.invite(org.id, 'a@example.com', 'superuser' as 'member');
    expect(badRole.status).toBe(400);
    const unknown = '0'.repeat(24);
    for (const res of [
      await admin.members(unknown),
      await admin.invite(unknown, 'a@example.com', 'member'),
      await admin.remove(unknown, 'someone'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error?.message).toBe(m.organizationNotFound);
    }
  });
});

describe('who gets in', () => {
  it("refuses a customer's token on every admin route with 403, even an owner's", async () => {
    const { owner, org } = await newOrganization(stack);
    const customer = adminApi(stack, owner.accessToken);
    const sub = subOf(owner.accessToken);
    const answers = await Promise.all([
      customer.list(),
      customer.create({ name: 'Intrusa' }),
      customer.update(org.id, { name: 'Intrusa' }),
      customer.deactivate(org.id),
      customer.members(org.id),
      customer.invite(org.id, 'intrusa@example.com', 'owner'),
      customer.remove(org.id, sub),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(7).fill(403));
    // Nothing changed.
    const card = (await admin.list({ q: org.name })).body.organizations.find(
      (o) => o.id === org.id,
    );
    expect(card).toMatchObject({ name: org.name, is_active: true, members_count: 1 });
    expect((await admin.members(org.id)).body.invitations).toEqual([]);
  });
});
