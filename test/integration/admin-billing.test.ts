import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { apiEs } from '../../shared/messages/api.es.js';
import { organizationsEs as m } from '../../shared/messages/organizations.es.js';
import { asAdmin } from '../support/admin.js';
import { api } from '../support/client.js';
import { checkoutApi, completeRequest } from '../support/orders.js';
import { inOrganization, newOrganization } from '../support/organizations.js';

/**
 * 'Billing' and 'Analytics' of an organisation for the platform admin (issue 22, screen 17's
 * buttons): its wallet and ledger, adjustments booked once, never below zero, seen by its
 * members; its months of documents, revenue and credits.
 */
const stack = inject('stack');
const call = api(stack);

describe("an organisation's billing for the admin", () => {
  it('adjusts the wallet both ways with a reason, and lists it in the ledger the members see', async () => {
    const admin = await asAdmin(stack);
    const { owner, org } = await newOrganization(stack, 100);
    const first = await admin.billing(org.id);
    expect(first.status).toBe(200);
    expect(first.body.organization.id).toBe(org.id);
    expect(first.body.wallet.balance).toBe(100);
    expect(first.body.transactions.map((t) => t.type)).toEqual(['earned']);

    const added = await admin.adjust(org.id, 250, 'Compensación por demora');
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.transaction).toMatchObject({
      type: 'adjustment',
      amount: 250,
      description: 'Compensación por demora',
    });
    expect(added.body.wallet.balance).toBe(350);
    const taken = await admin.adjust(org.id, -50, 'Corrección de carga duplicada');
    expect(taken.status).toBe(200);
    expect(taken.body.wallet.balance).toBe(300);

    // Never below zero.
    const tooMuch = await admin.adjust(org.id, -301, 'Descuento excesivo');
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error?.message).toBe(apiEs.insufficientCredits);

    // The members see the adjustments in their organisation's ledger.
    const ledger = await call<{ transactions: { type: string; amount: number }[] }>(
      'GET',
      '/api/credits/transactions',
      { token: owner.accessToken, headers: inOrganization(org.id) },
    );
    expect(ledger.body.transactions.map((t) => [t.type, t.amount])).toEqual([
      ['adjustment', -50],
      ['adjustment', 250],
      ['earned', 100],
    ]);
    expect((await admin.billing(org.id)).body.transactions).toHaveLength(3);
  });

  it('refuses a zero, a fraction, an oversized amount or a missing reason in Spanish', async () => {
    const admin = await asAdmin(stack);
    const { org } = await newOrganization(stack);
    for (const amount of [0, 1.5, 2_000_000, -2_000_000]) {
      const res = await admin.adjust(org.id, amount, 'Motivo válido');
      expect(res.status, String(amount)).toBe(400);
      expect(res.body.error?.fields?.amount).toBe(m.adjustmentAmountInvalid);
    }
    const noReason = await admin.adjust(org.id, 10, ' ');
    expect(noReason.status).toBe(400);
    expect(noReason.body.error?.fields?.description).toBe(m.adjustmentReasonRequired);
    expect((await admin.adjust('0'.repeat(24), 10, 'Motivo válido')).status).toBe(404);
    expect((await admin.billing(org.id)).body.wallet.balance).toBe(0);
  });

  it('100 repeats of one adjustment at once book it once; 100 different ones all land', async () => {
    const admin = await asAdmin(stack);
    const { org } = await newOrganization(stack);
    const key = randomUUID();
    const same = await Promise.all(
      Array.from({ length: 100 }, () => admin.adjust(org.id, 40, 'Bono de bienvenida', key)),
    );
    expect(same.filter((r) => r.status >= 500)).toEqual([]);
    expect(same.map((r) => r.status)).toEqual(Array(100).fill(200));
    expect(new Set(same.map((r) => r.body.transaction.id)).size).toBe(1);
    expect((await admin.billing(org.id)).body.wallet.balance).toBe(40);

    const many = await Promise.all(
      Array.from({ length: 100 }, () => admin.adjust(org.id, -1, 'Uso manual')),
    );
    expect(many.filter((r) => r.status >= 500)).toEqual([]);
    expect(many.filter((r) => r.status === 200)).toHaveLength(40);
    expect(many.filter((r) => r.status === 422)).toHaveLength(60);
    expect((await admin.billing(org.id)).body.wallet.balance).toBe(0);
  }, 120_000);

  it("analytics: this month's documents, completed and cancelled, revenue and credits", async () => {
    const admin = await asAdmin(stack);
    const { owner, org } = await newOrganization(stack, 5000);
    const shop = checkoutApi(stack, inOrganization(org.id));
    const kept = (await shop.payCredits(owner, (await completeRequest(stack, owner)).id)).body
      .order;
    const gone = (await shop.payCredits(owner, (await completeRequest(stack, owner)).id)).body
      .order;
    const cancelled = await call('POST', `/api/orders/${gone.id}/cancel`, {
      token: owner.accessToken,
      headers: inOrganization(org.id),
    });
    expect(cancelled.status).toBe(200);
    const res = await admin.analytics(org.id);
    expect(res.status).toBe(200);
    expect(res.body.members).toBe(1);
    expect(res.body.months).toHaveLength(6);
    expect(res.body.months.slice(0, 5).every((m) => m.documents === 0)).toBe(true);
    expect(res.body.months.at(-1)).toMatchObject({
      documents: 2,
      completed: 0,
      cancelled: 1,
      revenue: [{ currency_code: 'CLP', amount: kept.total_price }],
      credits_used: kept.credits_used,
    });
    expect((await admin.analytics('0'.repeat(24))).status).toBe(404);
  }, 120_000);
});
