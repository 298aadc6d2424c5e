import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Order } from '../../shared/contract/orders.js';
import { fmt } from '../../shared/messages/fmt.js';
import { es } from '../../shared/messages.es.js';
import { api, mailsTo, newConfirmedUser, type TestUser } from '../support/client.js';
import { grantCredits, lotsOf, nowEpoch, runJob, walletOf } from '../support/ledger.js';
import {
  type CardIntent,
  checkoutApi,
  checkoutForm,
  completeRequest,
  confirmInBrowser,
  delivered,
  dropWebhooks,
  eventsOf,
  GOOD_CARD,
  intentAsStripeHasIt,
  linksSent,
  postWebhook,
  type SentEvent,
  signer,
  signingLinks,
  storedSigner,
  waitForLinks,
} from '../support/orders.js';
import {
  dashboardRefund,
  deliver,
  dispute,
  eventOf,
  eventsOfType,
  failRefunds,
  refundRecord,
  reversalRecord,
  sellIn,
  until,
} from '../support/refunds.js';
import { openLink, verifyToReject } from '../support/signing.js';

const stack = inject('stack');
const call = api(stack);
const shop = checkoutApi(stack);

interface PackageIntent {
  client_secret: string;
  payment_intent_id: string;
  publishable_key: string;
  package: { id: string; price: number; currency_code: string; credits_amount: number };
}

const packageIntent = (user: TestUser, packageId = 'basico', countryId = 'cl') =>
  call<PackageIntent>('POST', '/api/payments/credit-package-intent', {
    token: user.accessToken,
    body: { packageId, countryId },
  });

async function buyPackage(user: TestUser, packageId = 'basico', countryId = 'cl') {
  const res = await packageIntent(user, packageId, countryId);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function startCard(user: TestUser, requestId: string): Promise<CardIntent> {
  const res = await shop.cardIntent(user, requestId);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const balance = async (user: TestUser) => (await walletOf(stack, user.accessToken)).balance;

async function transactions(user: TestUser, type: string) {
  const res = await call<{
    transactions: { amount: number; payment_intent_id: string | null; description: string }[];
  }>('GET', `/api/credits/transactions?type=${type}`, { token: user.accessToken });
  expect(res.status).toBe(200);
  return res.body.transactions;
}

const refundMails = async (user: TestUser) =>
  (await mailsTo(stack, user.email)).filter((m) => m.subject === es.mail.refundSubject);

async function orders(user: TestUser) {
  const res = await call<{ orders: { id: string; status: string }[] }>('GET', '/api/orders', {
    token: user.accessToken,
  });
  expect(res.status).toBe(200);
  return res.body.orders;
}

async function waitForOrder(user: TestUser, intent: CardIntent): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const res = await shop.cardStatus(user, intent.payment_intent_id);
    if (res.body.order_id) return res.body.order_id;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no order for the payment');
}

/** A card payment whose request changed after the card form opened: it cannot become an order. */
async function mismatchedPayment(user: TestUser, before?: (pi: string) => Promise<void>) {
  const req = await completeRequest(stack, user, { signers: [signer()] });
  const intent = await startCard(user, req.id);
  await before?.(intent.payment_intent_id);
  const swapped = await call('PATCH', `/api/requests/${req.id}`, {
    token: user.accessToken,
    body: { signers: [signer({ first_name: 'Otra' })] },
  });
  expect(swapped.status).toBe(200);
  expect((await confirmInBrowser(stack, intent, GOOD_CARD)).status).toBe(200);
  return { req, intent, pi: intent.payment_intent_id };
}

const shuffled = <T>(list: T[]) =>
  list
    .map((v) => ({ v, k: Math.random() }))
    .sort((a, b) => a.k - b.k)
    .map(({ v }) => v);

const attemptsOf = (e: SentEvent) =>
  (e as SentEvent & { attempts: { status: number | null }[] }).attempts;

describe('automatic refunds', () => {
  it('refunds a payment that cannot become an order, once, and tells the customer', async () => {
    const user = await newConfirmedUser(stack, 'Reembolso');
    const { req, pi } = await mismatchedPayment(user);
    await delivered(stack, pi, 'payment_intent.succeeded');

    const refund = await until(
      () => refundRecord(stack, pi),
      (r) => !!r?.mailed_at,
    );
    expect(refund).toMatchObject({
      kind: 'order',
      reason: 'request_changed',
      status: 'succeeded',
      amount: req.quote.total,
      currency_code: 'CLP',
      refund_id: expect.stringMatching(/^re_/),
      user_sub: expect.any(String),
    });
    await delivered(stack, pi, 'charge.refunded');
    const [mail] = await refundMails(user);
    expect(mail?.body.text).toContain(req.request_number);
    expect(mail?.body.text).toContain(es.mail.refundNote);

    // No order; the status poll says so; replays of the payment refund nothing more.
    const poll = await shop.cardStatus(user, pi);
    expect(poll.status).toBe(409);
    expect(poll.body).toMatchObject({
      error: { code: 'CONFLICT', message: es.orders.paymentRefunded },
    });
    const succeeded = await delivered(stack, pi, 'payment_intent.succeeded');
    const replays = await Promise.all([
      ...Array.from({ length: 5 }, () => postWebhook(stack, succeeded)),
      ...Array.from({ length: 5 }, () => shop.cardStatus(user, pi)),
    ]);
    expect(replays.slice(0, 5).map((r) => r.status)).toEqual(Array(5).fill(200));
    expect(await eventsOfType(stack, pi, 'charge.refunded')).toHaveLength(1);
    expect(await refundMails(user)).toHaveLength(1);
    expect(await orders(user)).toEqual([]);
    expect((await shop.getRequest(user, req.id)).body.request.status).toBe('pending');
    // The charge.refunded of our own refund reverses nothing: nothing was granted.
    expect(await reversalRecord(stack, pi)).toMatchObject({
      cause: 'refund',
      credits_reclaimed: 0,
      order_id: null,
    });
  });

  it('retries a refund Stripe failed: the webhook answers 5xx until the refund is made', async () => {
    const user = await newConfirmedUser(stack, 'Fallo');
    const { pi } = await mismatchedPayment(user, (id) => failRefunds(stack, id, 1000).then());
    // Stripe is told "not handled" and delivers the event again.
    const event = await until(
      () => eventOf(stack, pi, 'payment_intent.succeeded'),
      (e) => attemptsOf(e).some((a) => (a.status ?? 0) >= 500),
    );
    expect(attemptsOf(event).some((a) => (a.status ?? 0) >= 500)).toBe(true);
    const pending = await refundRecord(stack, pi);
    expect(pending).toMatchObject({ status: 'pending', last_error: 'api_error', refund_id: null });
    expect(pending?.attempts).toBeGreaterThanOrEqual(1);
    expect(await refundMails(user)).toHaveLength(0);

    // Stripe works again: one of its next deliveries makes the refund.
    await failRefunds(stack, pi, 0);
    const done = await until(
      () => refundRecord(stack, pi),
      (r) => !!r?.mailed_at,
    );
    expect(done).toMatchObject({ status: 'succeeded', refund_id: expect.stringMatching(/^re_/) });
    await delivered(stack, pi, 'payment_intent.succeeded');
    expect(await eventsOfType(stack, pi, 'refund.created')).toHaveLength(1);
    expect(await refundMails(user)).toHaveLength(1);
  });

  it('retries a refund from the retry-refunds job when no webhook comes', async () => {
    const user = await newConfirmedUser(stack, 'Barrido');
    const { pi } = await mismatchedPayment(user, async (id) => {
      await dropWebhooks(stack, id);
      await failRefunds(stack, id, 1000);
    });
    // Only the success page's poll sees the payment: it decides the refund, Stripe fails it.
    const poll = await shop.cardStatus(user, pi);
    expect(poll.status).toBe(409);
    expect(await refundRecord(stack, pi)).toMatchObject({ status: 'pending' });

    const stillFailing = await runJob(stack, 'retry-refunds');
    expect(stillFailing.failed).toBeGreaterThanOrEqual(1);
    expect(await refundRecord(stack, pi)).toMatchObject({ status: 'pending' });

    await failRefunds(stack, pi, 0);
    const run = await runJob(stack, 'retry-refunds');
    expect(run.refunded).toBeGreaterThanOrEqual(1);
    expect(await refundRecord(stack, pi)).toMatchObject({
      status: 'succeeded',
      notice_queued_at: expect.any(String),
    });
    // The notice goes out through the mail outbox a moment later.
    await expect
      .poll(async () => (await refundRecord(stack, pi))?.mailed_at, { timeout: 10_000 })
      .toEqual(expect.any(String));
    await runJob(stack, 'retry-refunds');
    expect(await eventsOfType(stack, pi, 'refund.created')).toHaveLength(1);
    expect(await refundMails(user)).toHaveLength(1);
  });
});

describe('a refund settled by many callers at once', () => {
  it('refunds once and tells the customer once', async () => {
    const user = await newConfirmedUser(stack, 'Muchos');
    const { pi } = await mismatchedPayment(user, async (id) => {
      await dropWebhooks(stack, id);
      await failRefunds(stack, id, 1000);
    });
    expect((await shop.cardStatus(user, pi)).status).toBe(409);
    expect(await refundRecord(stack, pi)).toMatchObject({ status: 'pending' });
    await failRefunds(stack, pi, 0);

    // Status polls and job runs race to settle it.
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => shop.cardStatus(user, pi)),
      runJob(stack, 'retry-refunds'),
      runJob(stack, 'retry-refunds'),
    ]);
    for (const a of answers.slice(0, 20)) expect((a as { status: number }).status).toBe(409);
    await expect
      .poll(async () => (await refundRecord(stack, pi))?.mailed_at, { timeout: 10_000 })
      .toEqual(expect.any(String));
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await eventsOfType(stack, pi, 'refund.created')).toHaveLength(1);
    expect(await refundMails(user)).toHaveLength(1);
  });
});

describe('refunds and disputes reverse what the payment granted', () => {
  it('takes back only the unspent credits of a refunded package, once', async () => {
    const user = await newConfirmedUser(stack, 'Parcial');
    // Other credits, expiring after the package's: spends draw on the package first.
    await grantCredits(stack, user.accessToken, 50, nowEpoch() + 2 * 365 * 86_400);
    const intent = await buyPackage(user, 'basico');
    const pi = intent.payment_intent_id;
    await confirmInBrowser(stack, intent, GOOD_CARD);
    await delivered(stack, pi, 'payment_intent.succeeded');
    const credits = intent.package.credits_amount;
    expect(await balance(user)).toBe(50 + credits);
    const spent = await call<{ balance: number }>('POST', '/api/credits/services/use', {
      token: user.accessToken,
      body: { service_name: 'ai_chat_message', quantity: 25, idempotency_key: randomUUID() },
    });
    expect(spent.status).toBe(200);
    const used = 50 + credits - spent.body.balance;

    // A partial refund from Stripe's dashboard: the unspent rest of the package goes.
    await dashboardRefund(stack, pi, Math.floor(intent.package.price / 2));
    const refunded = await delivered(stack, pi, 'charge.refunded');
    expect(await balance(user)).toBe(50);
    const adjustments = await transactions(user, 'adjustment');
    expect(adjustments).toMatchObject([
      {
        amount: -(credits - used),
        payment_intent_id: pi,
        description: expect.stringContaining('reembolsado'),
      },
    ]);

    // Replays, the rest of the refund and a dispute afterwards take nothing more.
    expect((await postWebhook(stack, refunded)).status).toBe(200);
    await dashboardRefund(stack, pi);
    await dispute(stack, pi);
    await delivered(stack, pi, 'charge.dispute.created');
    await until(
      () => eventsOfType(stack, pi, 'charge.refunded'),
      (list) => list.length === 2 && list.every((e) => e.delivered),
    );
    expect(await balance(user)).toBe(50);
    expect(await transactions(user, 'adjustment')).toHaveLength(1);
    expect(await reversalRecord(stack, pi)).toMatchObject({
      cause: 'refund',
      credits_reclaimed: credits - used,
    });
    // The purchase itself stays in the history, and the status still says it was credited.
    expect(await transactions(user, 'purchase')).toHaveLength(1);
    const status = await call<{ credited: boolean }>('GET', `/api/payments/intents/${pi}`, {
      token: user.accessToken,
    });
    expect(status.body.credited).toBe(true);
  });

  it('credits bought by card, spent on an order and given back on rejection, still go with a dispute', async () => {
    const user = await newConfirmedUser(stack, 'Devuelto');
    const intent = await buyPackage(user, 'popular');
    const pi = intent.payment_intent_id;
    await confirmInBrowser(stack, intent, GOOD_CARD);
    await delivered(stack, pi, 'payment_intent.succeeded');
    const credits = intent.package.credits_amount;
    const who = signer();
    const req = await completeRequest(stack, user, { signers: [who] });
    expect(req.quote.credits_needed).toBeLessThan(credits);
    const paid = await shop.payCredits(user, req.id, randomUUID(), checkoutForm());
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const order = await linksSent(stack, user, paid.body.order.id);
    expect(await balance(user)).toBe(credits - order.credits_used);

    // The signer rejects: the credits go back to the package's lot, not as new credits.
    const s = await openLink(stack, (await waitForLinks(stack, who.email))[0] as URL);
    await verifyToReject(stack, s, who.email);
    const rejected = await s.step({ accion: 'reject_signing', reason: 'No es lo que acordamos' });
    expect(rejected.body.next_step).toBe('done');
    expect(await balance(user)).toBe(credits);
    const [refund] = await transactions(user, 'refund');
    expect(refund).toMatchObject({ amount: order.credits_used });
    const purchase = (await transactions(user, 'purchase'))[0] as { expires_at?: string };
    // Back in the package's own lot: its expiry and its payment, nothing granted afresh.
    const lots = await lotsOf(stack, user.accessToken);
    expect(lots).toMatchObject([{ remaining: credits, paymentIntentId: pi }]);
    expect(new Date((lots[0]?.expiresAt ?? 0) * 1000).toISOString()).toBe(purchase.expires_at);

    // The cardholder disputes the package: every credit it bought goes, the refunded ones too.
    await dispute(stack, pi);
    await delivered(stack, pi, 'charge.dispute.created');
    expect(await balance(user)).toBe(0);
    expect(await reversalRecord(stack, pi)).toMatchObject({
      cause: 'dispute',
      credits_reclaimed: credits,
    });
  });

  it('a dispute of credits already spent again leaves a debt that pauses spending until paid', async () => {
    const user = await newConfirmedUser(stack, 'Deudor');
    const intent = await buyPackage(user, 'basico');
    const pi = intent.payment_intent_id;
    await confirmInBrowser(stack, intent, GOOD_CARD);
    await delivered(stack, pi, 'payment_intent.succeeded');
    const credits = intent.package.credits_amount;
    const use = (key = randomUUID()) =>
      call<{ balance: number; error?: { code: string; message: string } }>(
        'POST',
        '/api/credits/services/use',
        {
          token: user.accessToken,
          body: { service_name: 'ai_chat_message', quantity: 25, idempotency_key: key },
        },
      );
    const first = await use();
    expect(first.status).toBe(200);
    const spent = credits - first.body.balance;

    await dispute(stack, pi);
    await delivered(stack, pi, 'charge.dispute.created');
    const wallet = await call<{ balance: number; debt: number }>('GET', '/api/credits/wallet', {
      token: user.accessToken,
    });
    expect(wallet.body).toMatchObject({ balance: 0, debt: spent });
    const [adjustment] = await transactions(user, 'adjustment');
    expect(adjustment?.description).toContain(`${spent} créditos ya usados quedan por saldar`);
    // Spending waits for the debt, with a message that says why and what to do; a credit that
    // arrives goes to the debt first.
    await grantCredits(stack, user.accessToken, 1);
    const paused = await use();
    expect(paused.status).toBe(422);
    expect(paused.body.error).toEqual({
      code: 'INSUFFICIENT_CREDITS',
      message: fmt(es.api.creditsDebt, { debt: spent - 1 }),
    });
    // New credits pay it first; what is left can be spent again.
    await grantCredits(stack, user.accessToken, 2 * spent);
    const after = await call<{ balance: number; debt: number }>('GET', '/api/credits/wallet', {
      token: user.accessToken,
    });
    expect(after.body).toMatchObject({ balance: spent + 1, debt: 0 });
    const again = await use();
    expect(again.status).toBe(200);
    expect(again.body.balance).toBe(1);
  });

  it('cancels an order whose payment is disputed and revokes its signing links', async () => {
    const user = await newConfirmedUser(stack, 'Disputa');
    const req = await completeRequest(stack, user);
    const intent = await startCard(user, req.id);
    await confirmInBrowser(stack, intent, GOOD_CARD);
    const orderId = await waitForOrder(user, intent);
    for (const s of req.signers) await waitForLinks(stack, s.email);
    const before = (await shop.getOrder(user, orderId)).body.order;
    expect(before.signers.every((s) => s.has_token)).toBe(true);

    await dispute(stack, intent.payment_intent_id);
    const disputed = await delivered(stack, intent.payment_intent_id, 'charge.dispute.created');
    const { order } = (await shop.getOrder(user, orderId)).body;
    expect(order.status).toBe('cancelled');
    expect(order.signers.map((s) => s.has_token)).toEqual(req.signers.map(() => false));
    for (const s of order.signers) {
      const stored = await storedSigner(stack, s.id);
      expect(stored?.token_hash).toBeUndefined();
      expect(stored?.link_revoked_at).toEqual(expect.any(String));
      // A new link cannot be issued for it either.
      const resend = await call('POST', `/api/orders/${orderId}/signers/${s.id}/resend`, {
        token: user.accessToken,
      });
      expect(resend.status).toBe(409);
      expect(resend.body).toMatchObject({ error: { message: es.orders.resendCancelled } });
    }

    // Replays of the payment and of the dispute change nothing and send no link again.
    const succeeded = await delivered(stack, intent.payment_intent_id, 'payment_intent.succeeded');
    for (const e of [succeeded, disputed, succeeded]) {
      expect((await postWebhook(stack, e)).status).toBe(200);
    }
    expect((await shop.cardStatus(user, intent.payment_intent_id)).body.order_id).toBe(orderId);
    expect((await shop.getOrder(user, orderId)).body.order.status).toBe('cancelled');
    for (const s of req.signers) expect(await signingLinks(stack, s.email)).toHaveLength(1);
    expect(await orders(user)).toEqual([
      expect.objectContaining({ id: orderId, status: 'cancelled' }),
    ]);
    expect(await reversalRecord(stack, intent.payment_intent_id)).toMatchObject({
      cause: 'dispute',
      order_id: orderId,
    });
  });
});

describe('shuffled and replayed events', () => {
  it('grants nothing when the refund arrives before the payment', async () => {
    const user = await newConfirmedUser(stack, 'Desorden');
    const intent = await buyPackage(user, 'basico');
    const pi = intent.payment_intent_id;
    await dropWebhooks(stack, pi);
    await confirmInBrowser(stack, intent, GOOD_CARD);
    await dashboardRefund(stack, pi);
    const refunded = await eventOf(stack, pi, 'charge.refunded');
    const succeeded = await eventOf(stack, pi, 'payment_intent.succeeded');

    expect(await deliver(stack, refunded)).toBe(200);
    expect(await deliver(stack, succeeded)).toBe(200);
    expect(await balance(user)).toBe(0);
    // The success page's poll does not credit it either, and says why.
    const poll = await call('GET', `/api/payments/intents/${pi}`, { token: user.accessToken });
    expect(poll.status).toBe(409);
    expect(poll.body).toEqual({
      error: { code: 'CONFLICT', message: es.credits.paymentRefunded },
    });
    for (const e of [succeeded, refunded, succeeded]) expect(await deliver(stack, e)).toBe(200);
    expect(await balance(user)).toBe(0);
    expect(await transactions(user, 'purchase')).toHaveLength(0);
  });

  it('reverses a package exactly once under 100 shuffled, concurrent deliveries', async () => {
    const user = await newConfirmedUser(stack, 'Rafaga');
    const intent = await buyPackage(user, 'basico');
    const pi = intent.payment_intent_id;
    await dropWebhooks(stack, pi);
    await confirmInBrowser(stack, intent, GOOD_CARD);
    await dashboardRefund(stack, pi);
    const events = [
      await eventOf(stack, pi, 'payment_intent.succeeded'),
      await eventOf(stack, pi, 'charge.refunded'),
      await eventOf(stack, pi, 'refund.created'),
    ];
    const picks = shuffled(Array.from({ length: 100 }, (_, i) => events[i % 3] as SentEvent));
    const statuses = await Promise.all(picks.map((e) => deliver(stack, e)));
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    expect(await balance(user)).toBe(0);
    const purchases = await transactions(user, 'purchase');
    const adjustments = await transactions(user, 'adjustment');
    // Either it was never granted, or granted and taken back exactly once.
    expect(purchases.length).toBeLessThanOrEqual(1);
    expect(adjustments).toHaveLength(purchases.length);
    if (purchases.length) expect(adjustments[0]?.amount).toBe(-intent.package.credits_amount);
  });

  it('leaves at most one order, cancelled, under 100 shuffled, concurrent deliveries', async () => {
    const user = await newConfirmedUser(stack, 'Rafaga');
    const req = await completeRequest(stack, user, { signers: [signer()] });
    const intent = await startCard(user, req.id);
    const pi = intent.payment_intent_id;
    await dropWebhooks(stack, pi);
    await confirmInBrowser(stack, intent, GOOD_CARD);
    await dashboardRefund(stack, pi);
    const events = [
      await eventOf(stack, pi, 'payment_intent.succeeded'),
      await eventOf(stack, pi, 'charge.refunded'),
    ];
    const picks = shuffled(Array.from({ length: 100 }, (_, i) => events[i % 2] as SentEvent));
    const statuses = await Promise.all(picks.map((e) => deliver(stack, e)));
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    const list = await orders(user);
    expect(list.length).toBeLessThanOrEqual(1);
    expect(list.filter((o) => o.status !== 'cancelled')).toEqual([]);
    const order = list[0] ? (await shop.getOrder(user, list[0].id)).body.order : undefined;
    expect(order?.signers.filter((s) => s.has_token) ?? []).toEqual([]);
    // Without an order the request waits in the cart to be paid again.
    const request = (await shop.getRequest(user, req.id)).body.request;
    expect(request.status).toBe(order ? 'paid' : 'pending');
    // Nothing is refunded automatically on top of the dashboard's refund.
    expect(await refundRecord(stack, pi)).toBeUndefined();
    expect(await eventsOfType(stack, pi, 'refund.created')).toHaveLength(1);
  });

  it('makes the order then cancels it when the payment comes before its refund', async () => {
    const user = await newConfirmedUser(stack, 'Orden');
    const req = await completeRequest(stack, user, { signers: [signer()] });
    const intent = await startCard(user, req.id);
    const pi = intent.payment_intent_id;
    await dropWebhooks(stack, pi);
    await confirmInBrowser(stack, intent, GOOD_CARD);
    const succeeded = await eventOf(stack, pi, 'payment_intent.succeeded');
    expect(await deliver(stack, succeeded)).toBe(200);
    const [order] = await orders(user);
    expect(order?.status).toBe('processing');
    await dashboardRefund(stack, pi, 1000);
    const refunded = await eventOf(stack, pi, 'charge.refunded');
    for (const e of [refunded, succeeded, refunded]) expect(await deliver(stack, e)).toBe(200);
    expect(await orders(user)).toEqual([
      expect.objectContaining({ id: order?.id, status: 'cancelled' }),
    ]);
    const stored = (await shop.getOrder(user, order?.id ?? '')).body.order as Order;
    expect(stored.signers.every((s) => !s.has_token)).toBe(true);
  });
});

describe('the pricing country', () => {
  const testCountries = ['zt', 'zv', 'zw'];
  afterAll(async () => {
    // Leave no test country active for the other files of this run.
    for (const id of testCountries) {
      await sellIn(stack, { id, name: `Prueba ${id}`, currency_code: 'CLP', is_active: false });
    }
  });

  it('refuses an inactive country before any intent is made', async () => {
    const user = await newConfirmedUser(stack, 'Inactivo');
    await sellIn(
      stack,
      { id: 'zt', name: 'Prueba zt', currency_code: 'CLP', is_active: false },
      { package_id: 'basico', price: 5000 },
    );
    const res = await packageIntent(user, 'basico', 'zt');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: { code: 'BUSINESS_RULE', message: es.credits.countryInactive },
    });
    const unknown = await packageIntent(user, 'basico', 'zq');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      error: { code: 'NOT_FOUND', message: es.credits.packageUnavailable },
    });
  });

  it("charges the price row of that country only, in that country's currency", async () => {
    const user = await newConfirmedUser(stack, 'Precio');
    await sellIn(
      stack,
      { id: 'zv', name: 'Prueba zv', currency_code: 'CLP', is_active: true },
      { package_id: 'basico', price: 4321 },
    );
    const intent = await buyPackage(user, 'basico', 'zv');
    expect(intent.package).toMatchObject({ price: 4321, currency_code: 'CLP' });
    expect(
      await intentAsStripeHasIt(stack, { ...intent, amount: 0, currency_code: 'CLP' }),
    ).toMatchObject({
      amount: 4321,
      currency: 'clp',
    });
    // No row there for 'premium': another country's price is never used.
    expect((await packageIntent(user, 'premium', 'zv')).status).toBe(404);
    // A row in a currency that is not the country's is not a price there.
    await sellIn(
      stack,
      { id: 'zw', name: 'Prueba zw', currency_code: 'CLP', is_active: true },
      { package_id: 'basico', price: 10, currency_code: 'USD' },
    );
    expect((await packageIntent(user, 'basico', 'zw')).status).toBe(404);
  });

  it('refunds a package payment whose country was deactivated before it was credited', async () => {
    const user = await newConfirmedUser(stack, 'Retirado');
    await sellIn(
      stack,
      { id: 'zv', name: 'Prueba zv', currency_code: 'CLP', is_active: true },
      { package_id: 'basico', price: 4321 },
    );
    const intent = await buyPackage(user, 'basico', 'zv');
    await sellIn(stack, { id: 'zv', name: 'Prueba zv', currency_code: 'CLP', is_active: false });
    await confirmInBrowser(stack, intent, GOOD_CARD);
    const pi = intent.payment_intent_id;
    await delivered(stack, pi, 'payment_intent.succeeded');
    const refund = await until(
      () => refundRecord(stack, pi),
      (r) => !!r?.mailed_at,
    );
    expect(refund).toMatchObject({
      kind: 'credit_package',
      reason: 'package_unavailable',
      status: 'succeeded',
      amount: 4321,
    });
    expect(await balance(user)).toBe(0);
    const [mail] = await refundMails(user);
    expect(mail?.body.text).toContain('Paquete Básico');
    const poll = await call('GET', `/api/payments/intents/${pi}`, { token: user.accessToken });
    expect(poll.status).toBe(409);
    expect(poll.body).toMatchObject({ error: { message: es.credits.paymentRefunded } });
    await delivered(stack, pi, 'charge.refunded');
    expect(await balance(user)).toBe(0);
    expect(await transactions(user, 'purchase')).toHaveLength(0);
  });
});

describe('payment intents per user per hour', () => {
  it('allows 20 an hour across packages and orders, then answers 429 in Spanish', async () => {
    const user = await newConfirmedUser(stack, 'Limite');
    const req = await completeRequest(stack, user, { signers: [signer()] });
    const burst = await Promise.all(Array.from({ length: 25 }, () => packageIntent(user)));
    const codes = burst.map((r) => r.status).sort();
    expect(codes).toEqual([...Array(20).fill(200), ...Array(5).fill(429)]);
    expect(burst.find((r) => r.status === 429)?.body).toEqual({
      error: { code: 'TOO_MANY_REQUESTS', message: es.credits.tooManyPaymentIntents },
    });
    const order = await shop.cardIntent(user, req.id);
    expect(order.status).toBe(429);
    expect(order.body).toMatchObject({ error: { message: es.credits.tooManyPaymentIntents } });
    // Another user is not affected.
    const other = await newConfirmedUser(stack, 'Otro');
    expect((await packageIntent(other)).status).toBe(200);
  });
});

// The emulator's own list of events for an intent includes its refund and dispute events.
it('lists refund events under their payment intent', async () => {
  const user = await newConfirmedUser(stack, 'Eventos');
  const intent = await buyPackage(user, 'basico');
  await confirmInBrowser(stack, intent, GOOD_CARD);
  await delivered(stack, intent.payment_intent_id, 'payment_intent.succeeded');
  await dashboardRefund(stack, intent.payment_intent_id);
  await delivered(stack, intent.payment_intent_id, 'charge.refunded');
  const types = (await eventsOf(stack, intent.payment_intent_id)).map((e) => e.type);
  expect(types).toEqual(expect.arrayContaining(['refund.created', 'charge.refunded']));
  expect(await balance(user)).toBe(0);
});
