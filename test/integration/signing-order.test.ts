import { describe, expect, inject, it } from 'vitest';
import { es } from '../../shared/messages.es.js';
import { api, newConfirmedUser } from '../support/client.js';
import {
  checkoutApi,
  linksSent,
  paidOrder,
  signer,
  signingLinks,
  waitForLinks,
} from '../support/orders.js';
import { auditOf, openLink, signAll, signingApi, verifyToReject } from '../support/signing.js';

const stack = inject('stack');
const call = api(stack);
const post = signingApi(stack);

describe("signing: 'Firmar en orden'", () => {
  it('issues each link only when the signer before has signed, once, and checks the turn', {
    timeout: 120_000,
  }, async () => {
    const user = await newConfirmedUser(stack);
    const signers = [signer(), signer(), signer()];
    const order = await paidOrder(stack, user, { signers, signInOrder: true, pendingLinks: true });
    const [a, b, c] = signers as [
      ReturnType<typeof signer>,
      ReturnType<typeof signer>,
      ReturnType<typeof signer>,
    ];
    const first = (await waitForLinks(stack, a.email))[0] as URL;

    const view = await checkoutApi(stack).getOrder(user, order.id);
    expect(view.body.order.signers.map((s) => s.turn_waiting)).toEqual([false, true, true]);
    expect(await signingLinks(stack, b.email)).toHaveLength(0);
    // A later signer has no link to resend yet.
    const ids = view.body.order.signers.map((s) => s.id);
    const resend = await call('POST', `/api/orders/${order.id}/signers/${ids[1]}/resend`, {
      token: user.accessToken,
    });
    expect(resend.status).toBe(409);
    expect((resend.body as { error: { message: string } }).error.message).toBe(
      es.orders.resendNotYourTurn,
    );
    // Nor can anyone open a session for them.
    const guess = await post({
      accion: 'init_signing',
      signerId: ids[2] ?? '',
      token: first.searchParams.get('token') ?? '',
    });
    expect(guess.body.data.errorCode).toBe('SIG-LINK-INVALID');

    await signAll(stack, await openLink(stack, first), a.email);
    const second = (await waitForLinks(stack, b.email))[0] as URL;
    expect(await signingLinks(stack, c.email)).toHaveLength(0);
    await signAll(stack, await openLink(stack, second), b.email, { typed: 'Bruno Díaz' });
    const third = (await waitForLinks(stack, c.email))[0] as URL;
    await signAll(stack, await openLink(stack, third), c.email, { typed: 'Carla Soto' });

    await linksSent(stack, user, order.id);
    // Exactly one link each, and a chain that verifies.
    for (const s of signers) expect(await signingLinks(stack, s.email)).toHaveLength(1);
    const { order: stored, check, events } = await auditOf(stack, order.id);
    expect(check.ok).toBe(true);
    expect(stored.sign_count).toBe(3);
    expect(stored.signing_stage).toBe('sealing');
    // Signer 1's link with the payment; each next one with the signature before it.
    expect(events[0]?.details?.links_issued_to).toBe(ids[0]);
    expect(events.filter((e) => e.kind === 'link_issued').map((e) => e.signer_id)).toEqual(
      ids.slice(1),
    );
  });

  it('ignores the choice with a single signer', async () => {
    const user = await newConfirmedUser(stack);
    const order = await paidOrder(stack, user, { signers: [signer()], signInOrder: true });
    const stored = (await auditOf(stack, order.id)).order;
    expect(stored.sign_in_order).toBe(false);
    expect(order.signers[0]?.turn_waiting).toBe(false);
  });
});

describe('signing: reminders', () => {
  it('remind a pending signer on days 3, 7 and 12, once each, and never one who signed', async () => {
    const user = await newConfirmedUser(stack);
    const signers = [signer(), signer()];
    const order = await paidOrder(stack, user, { signers });
    const [a, b] = signers as [ReturnType<typeof signer>, ReturnType<typeof signer>];
    await signAll(
      stack,
      await openLink(stack, (await waitForLinks(stack, a.email))[0] as URL),
      a.email,
    );
    const start = Date.now();
    const day = (n: number) => new Date(start + n * 86_400_000 + 60_000);
    const reminders = async (email: string) => {
      const { mailsTo } = await import('../support/client.js');
      return (await mailsTo(stack, email)).filter((m) => m.subject.startsWith('Recordatorio'));
    };
    const { runJob } = await import('../support/ledger.js');
    await runJob(stack, 'signing-reminders', day(1));
    await runJob(stack, 'signing-reminders', day(3));
    await runJob(stack, 'signing-reminders', day(3));
    await runJob(stack, 'signing-reminders', day(7));
    await runJob(stack, 'signing-reminders', day(12));
    await runJob(stack, 'signing-reminders', day(14));
    // The outbox sends them after the runs: up to 20 s on a loaded 2-core CI machine (5 s
    // was once too short on a clean clone).
    for (let i = 0; i < 400 && (await reminders(b.email)).length < 3; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await reminders(b.email)).toHaveLength(3);
    expect(await reminders(a.email)).toHaveLength(0);
    const view = await checkoutApi(stack).getOrder(user, order.id);
    expect(view.body.order.signers[1]?.last_reminder_at).toBeTruthy();
    expect(view.body.order.signers[0]?.last_reminder_at).toBeNull();
    const { events, check } = await auditOf(stack, order.id);
    expect(check.ok).toBe(true);
    expect(events.filter((e) => e.kind === 'reminder_sent')).toHaveLength(3);
    // Each run takes every signer due in the stack (other tests' orders too): allow for it.
  }, 120_000);
});

describe('signing: a rejection of an order paid by card', () => {
  it('cancels the order and refunds the card once, even when Stripe then reports the refund', async () => {
    const { completeRequest, confirmInBrowser, GOOD_CARD } = await import('../support/orders.js');
    const { refundRecord, until, eventsOfType } = await import('../support/refunds.js');
    const user = await newConfirmedUser(stack);
    const signers = [signer(), signer()];
    const req = await completeRequest(stack, user, { signers });
    const shop = checkoutApi(stack);
    const intent = await shop.cardIntent(user, req.id);
    expect(intent.status).toBe(200);
    const paid = await confirmInBrowser(stack, intent.body, GOOD_CARD);
    expect(paid.status).toBe(200);
    const pi = intent.body.payment_intent_id;
    const state = await until(
      async () => (await shop.cardStatus(user, pi)).body,
      (s) => !!s.order_id,
    );
    const orderId = state.order_id ?? '';
    const link = (await waitForLinks(stack, signers[0]?.email ?? ''))[0] as URL;
    const s = await openLink(stack, link);
    await verifyToReject(stack, s, signers[0]?.email ?? '');
    const done = await s.step({ accion: 'reject_signing', reason: 'No reconozco este contrato' });
    expect(done.body.ui.type).toBe('blocked');
    const refund = await until(
      () => refundRecord(stack, pi),
      (r) => r?.status === 'succeeded',
    );
    expect(refund?.reason).toBe('signer_rejected');
    expect(refund?.amount).toBe(req.quote.total);
    // Stripe reports the refund back (charge.refunded): nothing is reversed twice.
    await until(
      () => eventsOfType(stack, pi, 'charge.refunded'),
      (e) => e.length > 0,
    );
    const view = await shop.getOrder(user, orderId);
    expect(view.body.order.status).toBe('cancelled');
    const { check, events } = await auditOf(stack, orderId);
    expect(check.ok).toBe(true);
    expect(events.filter((e) => e.kind === 'refund_queued')).toHaveLength(1);
  });
});
