import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { organizationsEs as m } from '../../shared/messages/organizations.es.js';
import { api, newConfirmedUser, type TestUser } from '../support/client.js';
import { grantCredits, walletOf } from '../support/ledger.js';
import {
  addMemberTo,
  contextsOf,
  deactivateOrganization,
  grantOrganizationCredits,
  inOrganization,
  newOrganization,
  removeMemberFrom,
} from '../support/organizations.js';

/**
 * The work context (issue 22): a call names Personal or an organisation in X-Sello-Context; the
 * server checks the membership on every call, and the wallet the call reads and spends is the
 * context's own.
 */
const stack = inject('stack');
const call = api(stack);

const wallet = (user: TestUser, headers: Record<string, string> = {}) =>
  call<{ balance: number; error?: { message: string } }>('GET', '/api/credits/wallet', {
    token: user.accessToken,
    headers,
  });
const spend = (user: TestUser, headers: Record<string, string> = {}, key = randomUUID()) =>
  call<{ balance: number }>('POST', '/api/credits/services/use', {
    token: user.accessToken,
    headers,
    body: { service_name: 'ai_chat_message', quantity: 1, idempotency_key: key },
  });

describe('the work context', () => {
  it("a member reads and spends the organisation's wallet, and Personal stays their own", async () => {
    const { org } = await newOrganization(stack, 20);
    const member = await newConfirmedUser(stack, 'Miembro');
    await grantCredits(stack, member.accessToken, 5);
    expect(await addMemberTo(stack, org, member)).toBe(true);

    expect((await wallet(member, inOrganization(org.id))).body.balance).toBe(20);
    const spent = await spend(member, inOrganization(org.id));
    expect(spent.status, JSON.stringify(spent.body)).toBe(200);
    expect((await wallet(member, inOrganization(org.id))).body.balance).toBe(spent.body.balance);
    expect(spent.body.balance).toBeLessThan(20);
    // Personal: without the header, or named.
    expect((await wallet(member)).body.balance).toBe(5);
    expect((await wallet(member, { 'x-sello-context': 'personal' })).body.balance).toBe(5);
    expect((await walletOf(stack, member.accessToken)).balance).toBe(5);
    // The organisation's ledger lists the member's spend; Personal's does not.
    const orgLedger = await call<{ transactions: { type: string }[] }>(
      'GET',
      '/api/credits/transactions',
      { token: member.accessToken, headers: inOrganization(org.id) },
    );
    expect(orgLedger.body.transactions.map((t) => t.type).sort()).toEqual(['earned', 'usage']);
  });

  it('refuses a context the caller is not a member of, and a malformed one', async () => {
    const { org } = await newOrganization(stack, 20);
    const stranger = await newConfirmedUser(stack, 'Ajeno');
    const read = await wallet(stranger, inOrganization(org.id));
    expect(read.status).toBe(403);
    expect(read.body.error?.message).toBe(m.notAMember);
    expect((await spend(stranger, inOrganization(org.id))).status).toBe(403);
    for (const value of ['org_xyz', `org_${org.id}x`, 'Personal', `ORG_${org.id}`]) {
      const res = await wallet(stranger, { 'x-sello-context': value });
      expect(res.status, value).toBe(400);
      expect(res.body.error?.message).toBe(m.contextInvalid);
    }
    // An id that names no organisation is the same refusal as someone else's.
    expect((await wallet(stranger, inOrganization('0'.repeat(24)))).status).toBe(403);
  });

  it("a removed member's next call in that context is refused; a deactivated organisation refuses everyone", async () => {
    const { owner, org } = await newOrganization(stack, 20);
    const member = await newConfirmedUser(stack, 'Saliente');
    await addMemberTo(stack, org, member);
    expect((await wallet(member, inOrganization(org.id))).status).toBe(200);
    expect(await removeMemberFrom(stack, org, member)).toBe(true);
    expect((await spend(member, inOrganization(org.id))).status).toBe(403);
    expect((await wallet(member, inOrganization(org.id))).status).toBe(403);
    // Their own Personal context is untouched.
    expect((await wallet(member)).status).toBe(200);

    expect((await wallet(owner, inOrganization(org.id))).status).toBe(200);
    await deactivateOrganization(stack, org);
    const refused = await wallet(owner, inOrganization(org.id));
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toBe(m.notAMember);
    // Nor is it offered in the switcher any more.
    expect((await contextsOf(stack, owner)).map((c) => c.organization_id)).toEqual([null]);
  });

  it('50 members spending from one organisation wallet at once: no 5xx, an exact balance', async () => {
    const { org } = await newOrganization(stack, 0);
    const members = await Promise.all(
      Array.from({ length: 50 }, (_, i) => newConfirmedUser(stack, `Equipo${i}`)),
    );
    await Promise.all(members.map((u) => addMemberTo(stack, org, u)));
    // Enough for some of the spends, not all: the others are told so with a 422.
    const price = await unitPrice(members[0] as TestUser);
    await grantOrganizationCredits(stack, org, price * 30);
    const answers = await Promise.all(members.map((u) => spend(u, inOrganization(org.id))));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 422)).toHaveLength(20);
    expect((await wallet(members[0] as TestUser, inOrganization(org.id))).body.balance).toBe(0);
  });
});

/** What one use of the service costs, read by spending once from a funded Personal wallet. */
async function unitPrice(user: TestUser): Promise<number> {
  await grantCredits(stack, user.accessToken, 1000);
  const res = await spend(user);
  if (res.status !== 200) throw new Error(`price probe: ${res.status}`);
  return 1000 - res.body.balance;
}
