import { describe, expect, inject, it } from 'vitest';
import type { Order } from '../../shared/contract/orders.js';
import { notaryEs } from '../../shared/messages/notary.es.js';
import { notaryRejectionEs } from '../../shared/messages/notary-rejection.es.js';
import { api, mailsTo, newConfirmedUser } from '../support/client.js';
import { walletOf } from '../support/ledger.js';
import {
  addNotarialLine,
  assignNow,
  makeNotarial,
  notaryApi,
  notaryOffering,
  notaryWithAssignment,
  orderRecord,
  uniqueService,
} from '../support/notary.js';
import { checkoutApi, completeRequest, confirmInBrowser, GOOD_CARD } from '../support/orders.js';
import { eventsOfType, refundRecord, until } from '../support/refunds.js';
import { auditOf } from '../support/signing.js';

/**
 * The decision 'reject' on the local stack: the customer is told why and gets back the
 * notarial part of what the order cost, exactly once under 100 requests at once — credits to
 * their wallet, or a partial card refund that Stripe reports back without reversing the order —
 * while the signatures and the sealed file stay delivered.
 */
const stack = inject('stack');
const kindsOf = async (orderId: string) =>
  (await auditOf(stack, orderId)).events.map((e) => (e as { kind: string }).kind);

async function noticesTo(to: string, number: string) {
  const subject = notaryRejectionEs.mailSubject.replace('{number}', number);
  for (let i = 0; i < 100; i++) {
    const found = (await mailsTo(stack, to)).filter((m) => m.subject === subject);
    if (found.length) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  return [];
}

describe("the decision 'reject'", () => {
  it('gives the notarial part of a credits order back once, under 100 requests at once', async () => {
    const n = await notaryWithAssignment(stack);
    const before = await orderRecord(stack, n.orderId);
    const part = Math.floor(before.total_price / 2);
    await addNotarialLine(stack, n.orderId, part);
    const notary = notaryApi(stack, n.user, n.org.id);
    expect((await notary.action('take_document', n.assignmentId)).status).toBe(200);
    const wallet = await walletOf(stack, n.customer.accessToken);

    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        notary.reject(n.assignmentId, 'identity_not_proven', 'La cédula no corresponde.'),
      ),
    );
    expect(results.map((r) => `${r.status} ${r.body.error?.message ?? ''}`)).toEqual(
      results.map(() => '200 '),
    );
    expect(results[0]?.body.assignment.status).toBe('rejected');

    const credits = Number(
      (BigInt(before.credits_used) * BigInt(part)) / BigInt(before.total_price),
    );
    expect(credits).toBeGreaterThan(0);
    const after = await walletOf(stack, n.customer.accessToken);
    expect(after.balance - wallet.balance).toBe(credits);

    const order = await orderRecord(stack, n.orderId);
    expect(order).toMatchObject({ status: 'completed', notarial_stage: 'rejected' });
    expect(order.notary_rejection).toMatchObject({
      reason_code: 'identity_not_proven',
      reason_detail: 'La cédula no corresponde.',
      refund_credits: credits,
      refund_amount: 0,
    });
    const kinds = await kindsOf(n.orderId);
    expect(kinds.filter((k) => k === 'notary_rejected')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'refund_queued')).toHaveLength(1);
    expect((await auditOf(stack, n.orderId)).check.ok).toBe(true);

    // The customer sees why and what came back; the notice says it too, once.
    const view = await api(stack)<{ order: Order }>('GET', `/api/orders/${n.orderId}`, {
      token: n.customer.accessToken,
    });
    expect(view.body.order.notary_rejection?.refund_credits).toBe(credits);
    expect(view.body.order.status).toBe('completed');
    const notices = await noticesTo(order.billing.email, order.order_number);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body.text).toContain(`${credits} créditos`);

    // Decided: no other decision, no second refund.
    expect((await notary.action('approve', n.assignmentId)).status).toBe(409);
    expect((await walletOf(stack, n.customer.accessToken)).balance).toBe(after.balance);
  });

  it('refunds the notarial part to the card, and Stripe reporting it back reverses nothing', async () => {
    const service = uniqueService();
    const n = await notaryOffering(stack, service);
    const customer = await newConfirmedUser(stack, 'Cliente');
    const req = await completeRequest(stack, customer);
    const shop = checkoutApi(stack);
    const intent = await shop.cardIntent(customer, req.id);
    expect((await confirmInBrowser(stack, intent.body, GOOD_CARD)).status).toBe(200);
    const pi = intent.body.payment_intent_id;
    const state = await until(
      async () => (await shop.cardStatus(customer, pi)).body,
      (s) => !!s.order_id,
    );
    const orderId = state.order_id ?? '';
    await makeNotarial(stack, orderId, { service, sealed: true });
    const part = Math.floor(req.quote.total / 3);
    await addNotarialLine(stack, orderId, part);
    expect(await assignNow(stack, orderId)).toBe('assigned');
    const assignmentId = (await orderRecord(stack, orderId)).assignment_id ?? '';
    const notary = notaryApi(stack, n.user, n.org.id);
    expect((await notary.action('take_document', assignmentId)).status).toBe(200);

    const results = await Promise.all(
      Array.from({ length: 100 }, () => notary.reject(assignmentId, 'wrong_city')),
    );
    expect(new Set(results.map((r) => r.status))).toEqual(new Set([200]));

    const refund = await until(
      () => refundRecord(stack, pi),
      (r) => r?.status === 'succeeded',
    );
    expect(refund).toMatchObject({ reason: 'notary_rejected', amount: part, partial: true });
    const [reported] = await until(
      () => eventsOfType(stack, pi, 'charge.refunded'),
      (e) => e.length > 0,
    );
    const charge = (
      JSON.parse(reported?.payload ?? '{}') as {
        data: { object: { amount_refunded: number; amount: number } };
      }
    ).data.object;
    // Delivered (the webhook ran) before the order is read again.
    await until(
      async () => (await eventsOfType(stack, pi, 'charge.refunded'))[0]?.delivered ?? false,
      (d) => d,
    );
    expect(charge.amount_refunded).toBeLessThan(charge.amount);
    // The webhook ran: the order still stands, completed, its files delivered.
    const order = await orderRecord(stack, orderId);
    expect(order).toMatchObject({ status: 'completed', notarial_stage: 'rejected' });
    expect(order.notary_rejection?.refund_amount).toBe(part);
    const kinds = await kindsOf(orderId);
    expect(kinds).not.toContain('cancelled');
    expect(kinds.filter((k) => k === 'refund_queued')).toHaveLength(1);
  });

  it('needs a reason (and words for "other"), and the document taken', async () => {
    const n = await notaryWithAssignment(stack);
    const notary = notaryApi(stack, n.user, n.org.id);
    const early = await notary.reject(n.assignmentId, 'illegible');
    expect(early.status).toBe(409);
    expect(early.body.error?.message).toBe(notaryEs.notDecidable);
    expect((await notary.action('take_document', n.assignmentId)).status).toBe(200);
    const unknown = await notary.reject(n.assignmentId, 'porque_si');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.message).toBe(notaryRejectionEs.reasonInvalid);
    const bare = await notary.reject(n.assignmentId, 'other', 'corto');
    expect(bare.status).toBe(400);
    expect(bare.body.error?.message).toBe(notaryRejectionEs.detailInvalid);
    const long = await notary.reject(n.assignmentId, 'illegible', 'x'.repeat(1001));
    expect(long.status).toBe(400);
    expect((await orderRecord(stack, n.orderId)).status).toBe('processing');
  });
});
