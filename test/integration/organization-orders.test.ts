import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { Order } from '../../shared/contract/orders.js';
import { ordersEs } from '../../shared/messages/orders.es.js';
import { api, newConfirmedUser, type TestUser } from '../support/client.js';
import { grantCredits, walletOf } from '../support/ledger.js';
import {
  checkoutApi,
  completeRequest,
  confirmInBrowser,
  GOOD_CARD,
  storedOrder,
} from '../support/orders.js';
import {
  addMemberTo,
  grantOrganizationCredits,
  inOrganization,
  newOrganization,
  removeMemberFrom,
} from '../support/organizations.js';
import { getReceipt, receiptsWhen } from '../support/receipts.js';

/**
 * Orders paid in an organisation's context (issue 22): the organisation's wallet pays, the
 * order belongs to the organisation, the member who placed it sees it there, admins and owners
 * see every order of it, and nobody sees it from Personal. What goes back goes to the wallet
 * that paid.
 */
const stack = inject('stack');
const call = api(stack);

interface History {
  orders: { id: string; title: string }[];
  total: number;
  stats: { total_orders: number };
}

const historyOf = (user: TestUser, headers: Record<string, string> = {}) =>
  call<History>('GET', '/api/orders', { token: user.accessToken, headers });

const orgWallet = async (user: TestUser, orgId: string) =>
  (
    await call<{ balance: number }>('GET', '/api/credits/wallet', {
      token: user.accessToken,
      headers: inOrganization(orgId),
    })
  ).body.balance;

/** A company with its owner, an admin and two members, its wallet funded. */
async function team(credits: number) {
  const { owner, org } = await newOrganization(stack, credits);
  const [admin, member, other] = await Promise.all([
    newConfirmedUser(stack, 'Admin'),
    newConfirmedUser(stack, 'Miembro'),
    newConfirmedUser(stack, 'Otro'),
  ]);
  await addMemberTo(stack, org, admin, 'admin');
  await addMemberTo(stack, org, member);
  await addMemberTo(stack, org, other);
  return { owner, admin, member, other, org, ctx: inOrganization(org.id) };
}

describe("orders paid in an organisation's context", () => {
  it("are paid by the organisation's wallet and seen by the member who placed them and by admins and owners", async () => {
    const { owner, admin, member, other, org, ctx } = await team(2000);
    await grantCredits(stack, member.accessToken, 700);
    const req = await completeRequest(stack, member);
    const shop = checkoutApi(stack, ctx);
    const paid = await shop.payCredits(member, req.id);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const order = paid.body.order;

    // The organisation's wallet paid; the member's own did not move.
    expect(await orgWallet(member, org.id)).toBe(2000 - order.credits_used);
    expect((await walletOf(stack, member.accessToken)).balance).toBe(700);
    const stored = await storedOrder(stack, order.id);
    expect(stored?.organization_id).toBe(org.id);
    expect(stored?.wallet_owner).toBe(`org:${org.id}`);

    // Listed in the organisation's history of the member, the admin and the owner.
    for (const who of [member, admin, owner]) {
      const list = await historyOf(who, ctx);
      expect(list.status).toBe(200);
      expect(list.body.orders.map((o) => o.id)).toEqual([order.id]);
      expect(list.body.stats.total_orders).toBe(1);
      expect((await shop.getOrder(who, order.id)).status).toBe(200);
    }
    // Another plain member sees neither the list entry nor the order.
    expect((await historyOf(other, ctx)).body.orders).toEqual([]);
    expect((await shop.getOrder(other, order.id)).status).toBe(404);
    // Nobody sees it from Personal, the member who placed it included.
    expect((await historyOf(member)).body.orders).toEqual([]);
    expect((await checkoutApi(stack).getOrder(member, order.id)).status).toBe(404);
    for (const path of [`/api/orders/${order.id}/activity`, `/api/orders/${order.id}/trail`]) {
      expect((await call('GET', path, { token: member.accessToken })).status, path).toBe(404);
      expect((await call('GET', path, { token: other.accessToken, headers: ctx })).status).toBe(
        404,
      );
      expect((await call('GET', path, { token: admin.accessToken, headers: ctx })).status).toBe(
        200,
      );
    }
    // An admin renames it; the member sees the new title.
    const renamed = await call<{ order: Order }>('PATCH', `/api/orders/${order.id}`, {
      token: admin.accessToken,
      headers: ctx,
      body: { title: 'Contrato de la empresa' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await shop.getOrder(member, order.id)).body.order.title).toBe('Contrato de la empresa');
    const foreign = await call('PATCH', `/api/orders/${order.id}`, {
      token: other.accessToken,
      headers: ctx,
      body: { title: 'Ajeno' },
    });
    expect(foreign.status).toBe(404);

    // A removed member loses the organisation's orders with the context.
    expect(await removeMemberFrom(stack, org, member)).toBe(true);
    expect((await historyOf(member, ctx)).status).toBe(403);
    expect((await shop.getOrder(member, order.id)).status).toBe(403);
    expect((await shop.getOrder(owner, order.id)).status).toBe(200);
  }, 120_000);

  it("a cancellation gives the credits back to the organisation's wallet, whoever cancels", async () => {
    const { owner, member, other, org, ctx } = await team(3000);
    const req = await completeRequest(stack, member);
    const shop = checkoutApi(stack, ctx);
    const order = (await shop.payCredits(member, req.id)).body.order;
    const afterPay = await orgWallet(owner, org.id);
    expect(afterPay).toBe(3000 - order.credits_used);

    // Another member cannot cancel it; the owner can, and 100 cancellations at once refund once.
    const refused = await call('POST', `/api/orders/${order.id}/cancel`, {
      token: other.accessToken,
      headers: ctx,
    });
    expect(refused.status).toBe(404);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call<{ refunded: boolean; order: Order }>('POST', `/api/orders/${order.id}/cancel`, {
          token: (i % 2 ? owner : member).accessToken,
          headers: ctx,
        }),
      ),
    );
    expect(
      answers.map((a) => a.status),
      JSON.stringify(answers.find((a) => a.status !== 200)?.body),
    ).toEqual(Array(100).fill(200));
    for (const a of answers) expect(a.body.refunded).toBe(true);
    expect(await orgWallet(owner, org.id)).toBe(3000);
    // The member's own wallet was never touched.
    expect((await walletOf(stack, member.accessToken)).balance).toBe(0);
    // The member who paid gets both receipts, each naming the organisation wallet's record.
    const receipts = await receiptsWhen(stack, member, (r) => r.order_id === order.id, 2);
    expect(receipts.map((r) => r.kind).sort()).toEqual(['credits_order', 'credits_refund']);
    for (const r of receipts) {
      const full = (await getReceipt(stack, member, r.id)).body.receipt;
      expect(full.transaction_id, r.kind).toEqual(expect.any(String));
    }
  }, 120_000);

  it('a card payment started in the organisation makes an order of the organisation', async () => {
    const { owner, member, org, ctx } = await team(0);
    const req = await completeRequest(stack, member);
    // Started in Personal first, then in the organisation: a different payment.
    const personal = await checkoutApi(stack).cardIntent(member, req.id);
    expect(personal.status).toBe(200);
    const shop = checkoutApi(stack, ctx);
    const intent = await shop.cardIntent(member, req.id);
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    expect(intent.body.payment_intent_id).not.toBe(personal.body.payment_intent_id);
    // A second click in the organisation resumes the same payment.
    expect((await shop.cardIntent(member, req.id)).body.payment_intent_id).toBe(
      intent.body.payment_intent_id,
    );
    await confirmInBrowser(stack, intent.body, GOOD_CARD);
    let orderId: string | null = null;
    for (let i = 0; i < 200 && !orderId; i++) {
      orderId = (await shop.cardStatus(member, intent.body.payment_intent_id)).body.order_id;
      if (!orderId) await new Promise((r) => setTimeout(r, 100));
    }
    expect(orderId).toBeTruthy();
    const stored = await storedOrder(stack, orderId as string);
    expect(stored?.organization_id).toBe(org.id);
    expect((await historyOf(owner, ctx)).body.orders.map((o) => o.id)).toEqual([orderId]);
    expect((await historyOf(member)).body.orders).toEqual([]);
  }, 120_000);

  it("the organisation dashboard counts this month's documents, members and credits", async () => {
    const { owner, member, other, org, ctx } = await team(5000);
    const dashboard = (who: TestUser) =>
      call<{
        role: string;
        organization: { name: string };
        figures: {
          credits: number;
          documents_this_month: number;
          members: number;
          average_per_document: { amount: number; currency_code: string } | null;
        };
      }>('GET', `/api/organizations/${org.id}/dashboard`, { token: who.accessToken });
    const empty = await dashboard(owner);
    expect(empty.status).toBe(200);
    expect(empty.body.figures).toEqual({
      credits: 5000,
      documents_this_month: 0,
      members: 4,
      average_per_document: null,
    });
    const shop = checkoutApi(stack, ctx);
    const first = (await shop.payCredits(member, (await completeRequest(stack, member)).id)).body
      .order;
    const second = (await shop.payCredits(other, (await completeRequest(stack, other)).id)).body
      .order;
    // A cancelled order is not a document handled.
    const third = (await shop.payCredits(owner, (await completeRequest(stack, owner)).id)).body
      .order;
    const cancelled = await call('POST', `/api/orders/${third.id}/cancel`, {
      token: owner.accessToken,
      headers: ctx,
    });
    expect(cancelled.status).toBe(200);
    // Any member sees the organisation's figures (not its orders: those stay by role).
    const now = await dashboard(other);
    expect(now.status).toBe(200);
    expect(now.body.role).toBe('member');
    expect(now.body.figures).toEqual({
      credits: 5000 - first.credits_used - second.credits_used,
      documents_this_month: 2,
      members: 4,
      average_per_document: {
        amount: Math.round((first.total_price + second.total_price) / 2),
        currency_code: 'CLP',
      },
    });
  }, 120_000);

  it('100 payments at once from one organisation wallet: no 5xx, each request paid once, an exact balance', async () => {
    const { owner, org, ctx } = await team(0);
    const members = await Promise.all(
      Array.from({ length: 4 }, (_, i) => newConfirmedUser(stack, `Compra${i}`)),
    );
    await Promise.all(members.map((u) => addMemberTo(stack, org, u)));
    const requests = await Promise.all(members.map((u) => completeRequest(stack, u)));
    const price = requests[0]?.quote.credits_needed ?? 0;
    expect(price).toBeGreaterThan(0);
    // Enough for three of the four requests.
    await grantOrganizationCredits(stack, org, price * 3);
    const shop = checkoutApi(stack, ctx);
    // 25 clicks per member, each with its own key.
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const who = i % 4;
        return shop.payCredits(
          members[who] as TestUser,
          (requests[who] as { id: string }).id,
          randomUUID(),
        );
      }),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    for (const a of answers) {
      if (a.status !== 200) expect([409, 422], JSON.stringify(a.body)).toContain(a.status);
    }
    const orders = new Set(answers.filter((a) => a.status === 200).map((a) => a.body.order.id));
    expect(orders.size).toBe(3);
    const insufficient = answers.filter(
      (a) =>
        a.status === 422 &&
        (a.body as unknown as { error: { message: string } }).error.message ===
          ordersEs.insufficientCredits,
    );
    expect(insufficient.length).toBeGreaterThan(0);
    expect(await orgWallet(owner, org.id)).toBe(0);
    expect((await historyOf(owner, ctx)).body.total).toBe(3);
  }, 180_000);
});
