import { describe, expect, inject, it } from 'vitest';
import type { AccountExport } from '../../shared/contract/account.js';
import { accountEs } from '../../shared/messages/account.es.js';
import { fmt } from '../../shared/messages/fmt.js';
import { api, newConfirmedUser, type TestUser } from '../support/client.js';
import { checkoutApi, completeRequest, rewriteOrder, storedOrder } from '../support/orders.js';
import {
  addMemberTo,
  contextsOf,
  inOrganization,
  membersOf,
  newOrganization,
} from '../support/organizations.js';

/**
 * An account's organisations in 'Descargar mis datos' and 'Eliminar mi cuenta' (issue 22,
 * docs/privacy.md): the export lists the memberships and the orders placed in organisations; a
 * deletion never leaves an organisation without an owner, deactivates one the person was alone
 * in, ends every other membership and keeps only the pseudonym on them.
 */
const stack = inject('stack');
const call = api(stack);

const exportOf = (user: TestUser) =>
  call<AccountExport>('GET', '/api/me/export', { token: user.accessToken });
const deleteAccount = (user: TestUser) =>
  call<{ deleted: true } | { error: { message: string } }>('POST', '/api/me/delete', {
    token: user.accessToken,
    body: { password: user.password },
  });

describe("an account's organisations", () => {
  it('the export lists the memberships and the orders placed in an organisation', async () => {
    const { org } = await newOrganization(stack, 3000);
    const member = await newConfirmedUser(stack, 'Exporta');
    await addMemberTo(stack, org, member, 'admin');
    const paid = await checkoutApi(stack, inOrganization(org.id)).payCredits(
      member,
      (await completeRequest(stack, member)).id,
    );
    expect(paid.status).toBe(200);
    const res = await exportOf(member);
    expect(res.status).toBe(200);
    expect(res.body.memberships).toEqual([
      expect.objectContaining({ organization_id: org.id, role: 'admin', status: 'active' }),
    ]);
    expect(res.body.orders.map((o) => o.order.id)).toEqual([paid.body.order.id]);
  });

  it("is refused while the person is an organisation's only owner and others are in it", async () => {
    const { owner, org } = await newOrganization(stack);
    const member = await newConfirmedUser(stack, 'Queda');
    await addMemberTo(stack, org, member);
    const res = await deleteAccount(owner);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error: { message: fmt(accountEs.soleOwnerOfOrganizations, { organizations: org.name }) },
    });
    expect((await membersOf(stack, owner, org)).status).toBe(200);
  });

  it('ends the memberships, deactivates an organisation left empty and keeps only the pseudonym', async () => {
    const { owner, org } = await newOrganization(stack, 3000);
    const member = await newConfirmedUser(stack, 'Borrada');
    await addMemberTo(stack, org, member);
    // An order the member placed in the organisation, finished: kept, under the pseudonym.
    const paid = await checkoutApi(stack, inOrganization(org.id)).payCredits(
      member,
      (await completeRequest(stack, member)).id,
    );
    expect(paid.status).toBe(200);
    await rewriteOrder(stack, paid.body.order.id, { status: 'completed' });
    // An organisation the member is alone in.
    const { createOrganization } = await import('../support/organizations.js');
    const alone = (await createOrganization(stack, member, { name: 'Solo Yo' })).body.organization;

    const res = await deleteAccount(member);
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const members = (await membersOf(stack, owner, org)).body.members;
    expect(members.map((m) => m.email)).toEqual([owner.email]);
    expect(JSON.stringify(members)).not.toContain(member.email);
    const kept = await storedOrder(stack, paid.body.order.id);
    expect(kept?.organization_id).toBe(org.id);
    expect(kept?.billing.email).toBe('');
    // The owner still sees the organisation's order.
    const seen = await call('GET', `/api/orders/${paid.body.order.id}`, {
      token: owner.accessToken,
      headers: inOrganization(org.id),
    });
    expect(seen.status).toBe(200);
    // The organisation the member was alone in is deactivated with them.
    const { pointAt } = await import('../support/table.js');
    pointAt(stack);
    const { getOrganization } = await import('../../functions/organizations/repo.js');
    expect((await getOrganization(alone.id))?.is_active).toBe(false);
    expect((await contextsOf(stack, owner)).map((c) => c.organization_id)).toContain(org.id);
  });
});
