import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { Order } from '../../shared/contract/orders.js';
import { es, fmt } from '../../shared/messages.es.js';
import { api, mailsTo, newConfirmedUser, type TestUser, uniqueEmail } from '../support/client.js';
import { allTransactions, grantCredits, runJob, walletOf } from '../support/ledger.js';
import {
  cardPaidOrder,
  checkoutApi,
  checkoutForm,
  completeRequest,
  linksSent,
  paidOrder,
  rewriteOrder,
  signer,
  storedOrder,
  storedSigner,
  waitForLinks,
} from '../support/orders.js';
import { eventsOfType, refundRecord, until } from '../support/refunds.js';
import {
  auditOf,
  codeFor,
  openLink,
  type SignerSession,
  sealedKeys,
  signAll,
  signingApi,
  verifyToReject,
} from '../support/signing.js';
import { pointAt } from '../support/table.js';

/**
 * Cancelling an order (issue 21, docs/credits-economy.md "Cancelar un pedido"): the customer's
 * own cancellation through POST /api/orders/{id}/cancel. What comes back (everything before any
 * signature, nothing after, everything for a service not delivered yet) comes back exactly once
 * however many calls race; the links stop working and say why; the signers are told; a
 * cancellation racing the last signature never leaves a sealed, cancelled order.
 */
const stack = inject('stack');
const call = api(stack);
const shop = checkoutApi(stack);
const post = signingApi(stack);
const m = es.orders;

interface CancelAnswer {
  order: Order;
  refunded: boolean;
}

const cancel = (user: TestUser, orderId: string) =>
  call<CancelAnswer>('POST', `/api/orders/${orderId}/cancel`, { token: user.accessToken });

const tokenOf = (u: URL) => u.searchParams.get('token') ?? '';
const idOf = (u: URL) => u.pathname.split('/').pop() ?? '';

/** Opens a link as the page does and answers its error code (null when it opened). */
async function linkAnswer(link: URL) {
  const res = await post({ accion: 'init_signing', signerId: idOf(link), token: tokenOf(link) });
  expect(res.status).toBe(200);
  return res.body;
}

/** Consent, review and the mailed code: the session stands at the signature step. */
async function upToSignature(s: SignerSession, email: string) {
  await s.step({ accion: 'accept_consent' });
  await s.step({ accion: 'confirm_review' });
  await s.step({ accion: 'send_code' });
  const code = await codeFor(stack, email);
  expect((await s.step({ accion: 'verify_code', code })).body.next_step).toBe('submit_signature');
}

/** A credits order whose checkout names its own billing address (the customer's notices). */
async function creditsOrder(user: TestUser, billing: string, signers = [signer(), signer()]) {
  const req = await completeRequest(stack, user, { signers });
  await grantCredits(stack, user.accessToken, req.quote.credits_needed);
  const paid = await shop.payCredits(
    user,
    req.id,
    randomUUID(),
    checkoutForm({ title: 'Pedido por cancelar', email: billing }),
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return linksSent(stack, user, paid.body.order.id);
}

/** A notarial service the catalogue does not deliver yet (catalog/availability.ts). */
async function undeliveredNotarialCode(): Promise<string> {
  pointAt(stack);
  const { unavailableCodes } = await import('../../functions/catalog/availability.js');
  const codes = await unavailableCodes('cl');
  const code = ['copia_legalizada', 'protocolizacion', 'firma_autorizada'].find((c) =>
    codes.has(c),
  );
  if (!code) throw new Error('every notarial service is delivered: nothing to test here');
  return code;
}

/** The order as stored, with what it bought changed (no checkout sells that any more). */
async function orderBought(orderId: string, notarialCode: string) {
  await rewriteOrder(stack, orderId, { notarial_code: notarialCode } as never);
}

const refundsOf = async (user: TestUser, orderId: string) =>
  (
    await allTransactions<{ type: string; related_entity_id: string | null; amount: number }>(
      stack,
      user.accessToken,
    )
  ).filter((t) => t.type === 'refund' && t.related_entity_id === orderId);

describe('cancelling an order before anyone signed', () => {
  it('100 cancellations at once: credits back once, links revoked and saying so, signers told', async () => {
    const user = await newConfirmedUser(stack, 'Cancela');
    const people = [signer(), signer({ first_name: 'Bruno', last_name: 'Díaz' })];
    const order = await paidOrder(stack, user, { signers: people });
    const links = await Promise.all(
      people.map(async (p) => (await waitForLinks(stack, p.email))[0] as URL),
    );
    expect(order.cancellation).toEqual({ refund: 'full', unavailable: false });
    const before = await walletOf(stack, user.accessToken);

    // 100 at once (the standard for money): each answers 200 with the same outcome, no 5xx.
    const answers = await Promise.all(Array.from({ length: 100 }, () => cancel(user, order.id)));
    for (const r of answers) expect(r.status, JSON.stringify(r.body)).toBe(200);
    for (const r of answers) expect(r.body).toMatchObject({ refunded: true });
    for (const r of answers) expect(r.body.order.status).toBe('cancelled');
    expect(answers[0]?.body.order.cancellation).toBeNull();

    // Exactly once: the balance and one refund record.
    const after = await walletOf(stack, user.accessToken);
    expect(after.balance - before.balance).toBe(order.credits_used);
    expect(await refundsOf(user, order.id)).toHaveLength(1);
    // A repeat later answers the same and gives nothing more.
    const again = await cancel(user, order.id);
    expect(again.status).toBe(200);
    expect(again.body.refunded).toBe(true);
    expect((await walletOf(stack, user.accessToken)).balance).toBe(after.balance);

    // The links stop working and say the order was cancelled; none can be issued again.
    for (const link of links) {
      const answer = await linkAnswer(link);
      expect(answer.data.errorCode).toBe('SIG-ORDER-CANCELLED');
      expect(answer.ui.description).toBe(es.signing.orderClosed);
      expect(answer.data.signingSessionId).toBeFalsy();
      const stored = await storedSigner(stack, idOf(link));
      expect(stored?.token_hash).toBeUndefined();
      expect(stored?.link_revoked_at).toEqual(expect.any(String));
      const resend = await call('POST', `/api/orders/${order.id}/signers/${idOf(link)}/resend`, {
        token: user.accessToken,
      });
      expect(resend.status).toBe(409);
      expect(resend.body).toMatchObject({ error: { message: m.resendCancelled } });
    }
    // Each signer is told once (through the outbox: a moment later).
    for (const p of people) {
      const told = async () =>
        (await mailsTo(stack, p.email)).filter(
          (mail) =>
            mail.subject ===
            fmt(es.signing.cancelledMailSubject, { document: order.document_name }),
        ).length;
      await expect.poll(told, { timeout: 30_000, interval: 200 }).toBe(1);
    }
    // On the trail: cancelled by the requester, the links revoked, the refund; chain intact.
    const { check, events } = await auditOf(stack, order.id);
    expect(check.ok).toBe(true);
    const cancelled = events.filter((e) => e.kind === 'cancelled');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]?.actor.type).toBe('requester');
    expect(cancelled[0]?.details).toMatchObject({ reason: 'customer_cancelled', refund: 'full' });
    expect(events.filter((e) => e.kind === 'refund_queued')).toHaveLength(1);
    const view = (await shop.getOrder(user, order.id)).body.order;
    expect(view.status).toBe('cancelled');
    expect(view.cancellation).toBeNull();
  }, 120_000);

  it('100 cancellations at once of a card order: one Stripe refund, the customer told', async () => {
    const user = await newConfirmedUser(stack, 'Tarjeta');
    const { req, pi, orderId } = await cardPaidOrder(stack, user);
    for (const s of req.signers) await waitForLinks(stack, s.email);
    const answers = await Promise.all(Array.from({ length: 100 }, () => cancel(user, orderId)));
    for (const r of answers) expect(r.status, JSON.stringify(r.body)).toBe(200);
    for (const r of answers) expect(r.body.refunded).toBe(true);

    const refund = await until(
      () => refundRecord(stack, pi),
      (r) => r?.status === 'succeeded' && !!r.notice_queued_at,
    );
    expect(refund).toMatchObject({
      kind: 'order',
      reason: 'customer_cancelled',
      amount: req.quote.total,
      currency_code: 'CLP',
      refund_id: expect.stringMatching(/^re_/),
    });
    await until(
      () => eventsOfType(stack, pi, 'charge.refunded'),
      (e) => e.some((x) => x.delivered),
    );
    expect(await eventsOfType(stack, pi, 'charge.refunded')).toHaveLength(1);
    // Our own refund's webhook reverses nothing more: the order stays the customer's cancellation.
    const stored = await storedOrder(stack, orderId);
    expect(stored).toMatchObject({ status: 'cancelled', cancel_reason: 'customer_cancelled' });
    const refundMails = async () =>
      (await mailsTo(stack, user.email)).filter((mail) => mail.subject === es.mail.refundSubject)
        .length;
    await expect.poll(refundMails, { timeout: 30_000, interval: 200 }).toBe(1);
  }, 120_000);
});

describe('cancelling after a signature', () => {
  it('gives nothing back once a signer signed, and says so before', async () => {
    const user = await newConfirmedUser(stack, 'Firmada');
    const people = [signer(), signer({ first_name: 'Bruno', last_name: 'Díaz' })];
    const order = await paidOrder(stack, user, { signers: people });
    const [first] = await waitForLinks(stack, people[0]?.email ?? '');
    await signAll(stack, await openLink(stack, first as URL), people[0]?.email ?? '');
    const view = (await shop.getOrder(user, order.id)).body.order;
    expect(view.cancellation).toEqual({ refund: 'none', unavailable: false });
    const before = await walletOf(stack, user.accessToken);

    const res = await cancel(user, order.id);
    expect(res.status).toBe(200);
    expect(res.body.refunded).toBe(false);
    expect(res.body.order.status).toBe('cancelled');
    expect((await walletOf(stack, user.accessToken)).balance).toBe(before.balance);
    expect(await refundsOf(user, order.id)).toHaveLength(0);
    const { events } = await auditOf(stack, order.id);
    expect(events.find((e) => e.kind === 'cancelled')?.details).toMatchObject({ refund: 'none' });
    expect(events.filter((e) => e.kind === 'refund_queued')).toHaveLength(0);
  }, 120_000);
});

describe('an order paid for a service not delivered yet', () => {
  it('is offered a full refund whoever signed, and its customer is told once by the job', async () => {
    const user = await newConfirmedUser(stack, 'NoDisponible');
    const billing = uniqueEmail('cliente');
    const people = [signer(), signer({ first_name: 'Bruno', last_name: 'Díaz' })];
    const order = await creditsOrder(user, billing, people);
    const [first] = await waitForLinks(stack, people[0]?.email ?? '');
    await signAll(stack, await openLink(stack, first as URL), people[0]?.email ?? '');
    await orderBought(order.id, await undeliveredNotarialCode());

    const view = (await shop.getOrder(user, order.id)).body.order;
    expect(view.cancellation).toEqual({ refund: 'full', unavailable: true });

    // The job tells the customer once, however often it runs.
    const subject = fmt(m.unavailableMailSubject, { number: order.order_number });
    const notices = async () =>
      (await mailsTo(stack, billing)).filter((mail) => mail.subject === subject).length;
    await runJob(stack, 'unavailable-orders');
    await runJob(stack, 'unavailable-orders');
    await expect.poll(notices, { timeout: 30_000, interval: 200 }).toBe(1);
    const [mail] = (await mailsTo(stack, billing)).filter((x) => x.subject === subject);
    expect(mail?.body.text).toContain('/mis-pedidos');
    await runJob(stack, 'unavailable-orders');
    expect(await notices()).toBe(1);

    const before = await walletOf(stack, user.accessToken);
    const res = await cancel(user, order.id);
    expect(res.status).toBe(200);
    expect(res.body.refunded).toBe(true);
    expect((await walletOf(stack, user.accessToken)).balance - before.balance).toBe(
      order.credits_used,
    );
    const { events } = await auditOf(stack, order.id);
    expect(events.find((e) => e.kind === 'cancelled')?.details).toMatchObject({
      reason: 'unavailable',
      refund: 'full',
    });
  }, 120_000);
});

describe('who may cancel what', () => {
  it("answers 404 for another user's order or none, and changes nothing", async () => {
    const owner = await newConfirmedUser(stack, 'Duena');
    const other = await newConfirmedUser(stack, 'Otra');
    const order = await paidOrder(stack, owner);
    const foreign = await cancel(other, order.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: { code: 'NOT_FOUND', message: m.orderNotFound } });
    expect((await cancel(owner, randomUUID())).status).toBe(404);
    expect((await cancel(owner, '../../etc')).status).toBe(404);
    const unauth = await call('POST', `/api/orders/${order.id}/cancel`);
    expect(unauth.status).toBe(401);
    expect((await shop.getOrder(owner, order.id)).body.order.status).toBe('processing');
  });

  it('answers 409 in Spanish for a completed order or one cancelled otherwise', async () => {
    const user = await newConfirmedUser(stack, 'Terminado');
    const done = await paidOrder(stack, user);
    await rewriteOrder(stack, done.id, { status: 'completed' });
    const completed = await cancel(user, done.id);
    expect(completed.status).toBe(409);
    expect(completed.body).toEqual({ error: { code: 'CONFLICT', message: m.cancelCompleted } });

    // Cancelled by a signer's rejection: not the customer's to cancel again.
    const people = [signer(), signer({ first_name: 'Bruno', last_name: 'Díaz' })];
    const rejected = await paidOrder(stack, user, { signers: people });
    const [link] = await waitForLinks(stack, people[0]?.email ?? '');
    const s = await openLink(stack, link as URL);
    await verifyToReject(stack, s, people[0]?.email ?? '');
    expect(
      (await s.step({ accion: 'reject_signing', reason: 'No es lo acordado' })).body.next_step,
    ).toBe('done');
    const twice = await cancel(user, rejected.id);
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ error: { code: 'CONFLICT', message: m.cancelAlreadyCancelled } });
  }, 120_000);
});

describe('a cancellation racing the last signature', () => {
  it('ends completed or cancelled, never both, and never sealed after cancelled', async () => {
    for (let round = 0; round < 3; round++) {
      const user = await newConfirmedUser(stack, 'Carrera');
      const person = signer();
      const order = await paidOrder(stack, user, { signers: [person] });
      const [link] = await waitForLinks(stack, person.email);
      const session = await openLink(stack, link as URL);
      await upToSignature(session, person.email);

      const [, cancelled] = await Promise.all([
        session.step({ accion: 'submit_signature', typed_name: 'Ana Pérez' }),
        cancel(user, order.id),
      ]);
      if (cancelled.status === 200) {
        expect(cancelled.body.order.status).toBe('cancelled');
        // A seal run started by the signature loses its commit and removes its file; the
        // sweep starts none.
        await runJob(stack, 'sweep-sealing', new Date(Date.now() + 60 * 60_000));
        await expect
          .poll(() => sealedKeys(stack, order.id), { timeout: 30_000, interval: 300 })
          .toEqual([]);
        const stored = await storedOrder(stack, order.id);
        expect(stored?.status).toBe('cancelled');
        expect(stored?.sealed_file_key).toBeUndefined();
        expect(stored?.verification_code).toBeUndefined();
        const { check, events } = await auditOf(stack, order.id);
        expect(check.ok).toBe(true);
        expect(events.map((e) => e.kind)).not.toContain('sealed');
        expect(events.map((e) => e.kind)).not.toContain('completed');
      } else {
        // The seal committed first: the order is completed and stays so.
        expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(409);
        expect(cancelled.body).toMatchObject({ error: { message: m.cancelCompleted } });
        const { events } = await auditOf(stack, order.id);
        expect(events.map((e) => e.kind)).not.toContain('cancelled');
        expect((await storedOrder(stack, order.id))?.status).toBe('completed');
      }
    }
  }, 240_000);
});

describe('a replaced link', () => {
  it('says a newer link was sent to the signer, not that it is invalid', async () => {
    const user = await newConfirmedUser(stack, 'Reemplazo');
    const person = signer();
    const order = await paidOrder(stack, user, { signers: [person] });
    const [old] = await waitForLinks(stack, person.email);
    const signerId = order.signers[0]?.id ?? '';
    const res = await call('POST', `/api/orders/${order.id}/signers/${signerId}/resend`, {
      token: user.accessToken,
    });
    expect(res.status).toBe(200);
    const answer = await linkAnswer(old as URL);
    expect(answer.data.errorCode).toBe('SIG-LINK-REPLACED');
    expect(answer.ui.title).toBe(es.signing.linkReplacedTitle);
    expect(answer.ui.description).toContain(answer.data.signerEmail ?? '?');
    expect(answer.data.signingSessionId).toBeFalsy();
    // The newest link opens; a made-up token still gets the one answer that says nothing.
    const links = await waitForLinks(stack, person.email, 2);
    expect((await openLink(stack, links[1] as URL)).sessionId).toBeTruthy();
    const guess = await post({ accion: 'init_signing', signerId, token: 'x'.repeat(43) });
    expect(guess.body.data.errorCode).toBe('SIG-LINK-INVALID');
    // After the order is cancelled, the old link says that instead.
    expect((await cancel(user, order.id)).status).toBe(200);
    expect((await linkAnswer(old as URL)).data.errorCode).toBe('SIG-ORDER-CANCELLED');
  }, 120_000);
});
