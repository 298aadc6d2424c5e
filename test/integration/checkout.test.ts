import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { Order } from '../../shared/contract/orders.js';
import { es, fmt } from '../../shared/messages.es.js';
import { api, mailsTo, newConfirmedUser, type TestUser } from '../support/client.js';
import { grantCredits, subOf, walletOf } from '../support/ledger.js';
import {
  type CardIntent,
  checkoutApi,
  checkoutForm,
  completeRequest,
  confirmInBrowser,
  DECLINED_CARD,
  delivered,
  dropWebhooks,
  eventsOf,
  forceRequest,
  GOOD_CARD,
  intentAsStripeHasIt,
  linksSent,
  postWebhook,
  signer,
  signingLinks,
  storedContact,
  storedSigner,
  waitForLinks,
} from '../support/orders.js';
import { serviceOnlyIn } from '../support/requests.js';
import { pointAt } from '../support/table.js';

const stack = inject('stack');
const call = api(stack);
const shop = checkoutApi(stack);
const m = es.orders;

const sha256 = async (s: string) => {
  const { createHash } = await import('node:crypto');
  return createHash('sha256').update(s).digest('hex');
};

async function startCard(user: TestUser, requestId: string, form = checkoutForm()) {
  const res = await shop.cardIntent(user, requestId, form);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Polls the status as the success page does, until the order is there. */
async function waitForOrder(user: TestUser, intent: CardIntent) {
  for (let i = 0; i < 60; i++) {
    const res = await shop.cardStatus(user, intent.payment_intent_id);
    expect(res.status).toBe(200);
    if (res.body.order_id) return res.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no order for the payment');
}

async function orderCount(user: TestUser) {
  const res = await call<{ total: number; stats: { total_orders: number } }>('GET', '/api/orders', {
    token: user.accessToken,
  });
  expect(res.status).toBe(200);
  return res.body.stats.total_orders;
}

async function usageRecords(user: TestUser) {
  const res = await call<{
    transactions: { amount: number; description: string; related_entity_id: string | null }[];
  }>('GET', '/api/credits/transactions?type=usage', { token: user.accessToken });
  expect(res.status).toBe(200);
  return res.body.transactions;
}

describe('paying by card', () => {
  it('makes exactly one order, only once the payment has succeeded', async () => {
    const user = await newConfirmedUser(stack, 'Tarjeta');
    const signers = [signer(), signer({ first_name: 'Bruno', last_name: 'Díaz' })];
    const req = await completeRequest(stack, user, { signers });
    expect(req.quote.total).toBeGreaterThan(0);

    const form = checkoutForm({ title: '  Arriendo depto 301  ', company: 'Rojas SpA' });
    const intent = await startCard(user, req.id, form);
    expect(intent).toMatchObject({
      amount: req.quote.total,
      currency_code: 'CLP',
      publishable_key: expect.stringMatching(/^pk_test_/),
    });
    // Stripe holds the catalogue total (CLP has no minor unit there either).
    expect(await intentAsStripeHasIt(stack, intent)).toMatchObject({
      amount: req.quote.total,
      currency: 'clp',
      status: 'requires_payment_method',
    });

    // Before the card: no order, the request still in the cart.
    expect((await shop.cardStatus(user, intent.payment_intent_id)).body).toEqual({
      payment_intent_id: intent.payment_intent_id,
      status: 'requires_payment_method',
      order_id: null,
      order_number: null,
    });
    expect(await orderCount(user)).toBe(0);
    expect(await shop.cart(user)).toContain(req.id);

    expect((await confirmInBrowser(stack, intent, GOOD_CARD)).body).toMatchObject({
      status: 'succeeded',
    });
    const paid = await waitForOrder(user, intent);
    expect(paid).toMatchObject({ status: 'succeeded', order_number: expect.any(String) });
    expect(paid.order_number).toMatch(/^ORD-\d{8}-[0-9A-HJKMNP-TV-Z]{6}$/);

    const { order } = (await shop.getOrder(user, paid.order_id ?? '')).body;
    expect(order).toMatchObject({
      id: paid.order_id,
      order_number: paid.order_number,
      title: 'Arriendo depto 301',
      status: 'processing',
      total_price: req.quote.total,
      subtotal: req.quote.total,
      tax: 0,
      discounts: 0,
      coupons: [],
      credits_used: 0,
      credits_discount_amount: 0,
      payment_method_mix: 'full_currency',
      payment_method_label: 'Tarjeta',
      currency_code: 'CLP',
      country_id: 'cl',
      request_id: req.id,
      request_number: req.request_number,
      document_name: 'contrato.pdf',
      delivery_options: true,
      signers_count: 2,
      original_file_url: expect.stringMatching(/^https?:\/\//),
      signed_file_url: null,
      notarized_file_url: null,
    });
    expect(order.product_label).toBe(req.quote.items.map((i) => i.name).join(' + '));
    expect(order.items).toEqual(
      req.quote.items.map((i) => ({
        id: expect.any(String),
        service_id: i.service_id,
        name: i.name,
        category: i.category,
        description: i.description,
        quantity: i.quantity,
        unit_price_at_purchase: i.unit_price,
        item_total: i.item_total,
      })),
    );
    expect(
      order.signers.map((s) => [s.signer_index, s.email, s.estado_firma, s.has_token]),
    ).toEqual(signers.map((s, i) => [i + 1, s.email, 'pending', true]));

    // The request is paid, linked to the order and out of the cart.
    const after = (await shop.getRequest(user, req.id)).body.request;
    expect(after).toMatchObject({
      status: 'paid',
      associated_order_number: order.order_number,
      order_id: order.id,
    });
    expect(await shop.cart(user)).not.toContain(req.id);

    // The checkout form went to the profile.
    const me = await call('GET', '/api/me', { token: user.accessToken });
    expect(me.body).toMatchObject({
      phone: form.phone,
      address: form.address,
      city: form.city,
      whatsapp: form.whatsapp,
      company: 'Rojas SpA',
      billing_country_id: 'cl',
      region_province: form.region_province,
    });

    // CRM: the customer (account e-mail) counted once; each signer flagged.
    expect(await storedContact(stack, user.email)).toMatchObject({
      is_customer: true,
      source: 'customer_order',
      total_orders: 1,
      total_spent: req.quote.total,
    });
    expect(await storedContact(stack, signers[0]?.email ?? '')).toMatchObject({
      is_signer: true,
      is_customer: false,
      source: 'order_signer',
      first_name: 'Ana',
    });
  });

  it('e-mails each signer a personal link; the table keeps only its hash', async () => {
    const user = await newConfirmedUser(stack, 'Enlaces');
    const signers = [signer(), signer(), signer()];
    const req = await completeRequest(stack, user, { signers });
    const intent = await startCard(user, req.id, checkoutForm({ title: 'Compraventa <b>' }));
    await confirmInBrowser(stack, intent, GOOD_CARD);
    const { order_id } = await waitForOrder(user, intent);
    // The order's answer comes first; the outbox mails the links a moment later.
    const order = await linksSent(stack, user, order_id ?? '');

    for (const s of order.signers) {
      const [link] = await waitForLinks(stack, s.email);
      expect(link?.pathname).toBe(`/sign/${s.id}`);
      const token = link?.searchParams.get('token') ?? '';
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const stored = await storedSigner(stack, s.id);
      expect(stored?.token_hash).toBe(await sha256(token));
      expect(JSON.stringify(stored)).not.toContain(token);
      // 15 days, as the spec says.
      const days = (Date.parse(s.token_expires_at ?? '') - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(14.9);
      expect(days).toBeLessThanOrEqual(15);
      expect(s.link_sent_at).not.toBeNull();

      const [mail] = await mailsTo(stack, s.email);
      expect(mail?.subject).toBe(fmt(m.mailSigningSubject, { title: 'Compraventa <b>' }));
      expect(mail?.body.html).not.toContain('<b>');
      expect(mail?.body.text).toContain(order.order_number);
    }
  });

  it('leaves no order after a declined card, and the request waits in the cart', async () => {
    const user = await newConfirmedUser(stack, 'Rechazo');
    const req = await completeRequest(stack, user);
    const intent = await startCard(user, req.id);
    const declined = await confirmInBrowser(stack, intent, DECLINED_CARD);
    expect(declined.status).toBe(402);
    await delivered(stack, intent.payment_intent_id, 'payment_intent.payment_failed');

    expect((await shop.cardStatus(user, intent.payment_intent_id)).body).toMatchObject({
      status: 'requires_payment_method',
      order_id: null,
    });
    expect(await orderCount(user)).toBe(0);
    expect((await shop.getRequest(user, req.id)).body.request).toMatchObject({
      status: 'pending',
      associated_order_number: null,
    });
    expect(await shop.cart(user)).toContain(req.id);
    for (const s of req.signers) expect(await signingLinks(stack, s.email)).toEqual([]);

    // Paying again asks for the same intent, and a good card then makes the order.
    const again = await startCard(user, req.id);
    expect(again.payment_intent_id).toBe(intent.payment_intent_id);
    expect((await confirmInBrowser(stack, again, GOOD_CARD)).body).toMatchObject({
      status: 'succeeded',
    });
    await waitForOrder(user, again);
    expect(await orderCount(user)).toBe(1);
  });

  it('makes one order when the webhook arrives 5 times, at once and among status polls', async () => {
    const user = await newConfirmedUser(stack, 'Repetido');
    const req = await completeRequest(stack, user);
    const intent = await startCard(user, req.id);
    await confirmInBrowser(stack, intent, GOOD_CARD);
    const succeeded = await delivered(stack, intent.payment_intent_id, 'payment_intent.succeeded');

    for (let i = 0; i < 5; i++) {
      const res = await postWebhook(stack, succeeded);
      expect(res.status).toBe(200);
    }
    const burst = await Promise.all([
      ...Array.from({ length: 5 }, () => postWebhook(stack, succeeded)),
      ...Array.from({ length: 3 }, () => shop.cardStatus(user, intent.payment_intent_id)),
    ]);
    expect(burst.map((r) => r.status)).toEqual(Array(8).fill(200));
    // Older events after the success change nothing either.
    const created = (await eventsOf(stack, intent.payment_intent_id)).find(
      (e) => e.type === 'payment_intent.created',
    );
    if (created) expect((await postWebhook(stack, created)).status).toBe(200);

    const ids = new Set(
      burst.slice(5).map((r) => (r.body as { order_id: string | null }).order_id),
    );
    expect(ids.size).toBe(1);
    expect(await orderCount(user)).toBe(1);
    // One mail per signer, however many replays: the outbox item is made with the order.
    await linksSent(stack, user, [...ids][0] ?? '');
    for (const s of req.signers) expect(await signingLinks(stack, s.email)).toHaveLength(1);
    expect(await storedContact(stack, user.email)).toMatchObject({ total_orders: 1 });
  });

  it('makes the order from the status poll when the webhook is lost', async () => {
    const user = await newConfirmedUser(stack, 'Perdido');
    const req = await completeRequest(stack, user);
    const intent = await startCard(user, req.id);
    await dropWebhooks(stack, intent.payment_intent_id);
    await confirmInBrowser(stack, intent, GOOD_CARD);
    await new Promise((r) => setTimeout(r, 300));
    expect(await orderCount(user)).toBe(0);
    expect((await shop.getRequest(user, req.id)).body.request.status).toBe('pending');

    const polls = await Promise.all(
      Array.from({ length: 3 }, () => shop.cardStatus(user, intent.payment_intent_id)),
    );
    const orderIds = polls.map((p) => p.body.order_id);
    expect(orderIds[0]).toEqual(expect.any(String));
    expect(new Set(orderIds).size).toBe(1);
    expect(await orderCount(user)).toBe(1);
    for (const s of req.signers) expect(await waitForLinks(stack, s.email)).toHaveLength(1);
    expect((await shop.getRequest(user, req.id)).body.request.status).toBe('paid');
  });

  it('answers the same intent to a double click, and a new one when the total changes', async () => {
    const user = await newConfirmedUser(stack, 'Doble');
    const req = await completeRequest(stack, user, { signers: [signer()] });
    const [a, b] = await Promise.all([
      shop.cardIntent(user, req.id, checkoutForm()),
      shop.cardIntent(user, req.id, checkoutForm()),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.payment_intent_id).toBe(b.body.payment_intent_id);
    const c = await startCard(user, req.id);
    expect(c.payment_intent_id).toBe(a.body.payment_intent_id);

    // One more signer: the per-signer price moves the total, so the old intent is not reused.
    const saved = await call<{ request: { quote: { total: number } } }>(
      'PATCH',
      `/api/requests/${req.id}`,
      {
        token: user.accessToken,
        body: { signers: [...req.signers.map(({ signer_index: _i, ...s }) => s), signer()] },
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.request.quote.total).toBeGreaterThan(req.quote.total);
    const d = await startCard(user, req.id);
    expect(d.payment_intent_id).not.toBe(a.body.payment_intent_id);
    expect(d.amount).toBe(saved.body.request.quote.total);
    expect((await intentAsStripeHasIt(stack, d)).amount).toBe(saved.body.request.quote.total);
  });

  it('makes no order when the request changed after the payment started', async () => {
    const user = await newConfirmedUser(stack, 'Cambio');
    const req = await completeRequest(stack, user, { signers: [signer()] });
    const intent = await startCard(user, req.id);
    // Another tab swaps the signer (same total) after the card form opened.
    const swapped = await call('PATCH', `/api/requests/${req.id}`, {
      token: user.accessToken,
      body: { signers: [signer({ first_name: 'Otra' })] },
    });
    expect(swapped.status).toBe(200);
    await confirmInBrowser(stack, intent, GOOD_CARD);
    await delivered(stack, intent.payment_intent_id, 'payment_intent.succeeded');
    const res = await shop.cardStatus(user, intent.payment_intent_id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { code: 'CONFLICT', message: m.paymentRefunded } });
    expect(await orderCount(user)).toBe(0);
    expect((await shop.getRequest(user, req.id)).body.request.status).toBe('pending');

    // That charge is refunded automatically; paying again takes a new intent and makes the order.
    const again = await startCard(user, req.id);
    expect(again.payment_intent_id).not.toBe(intent.payment_intent_id);
    await confirmInBrowser(stack, again, GOOD_CARD);
    const { order_id } = await waitForOrder(user, again);
    const { order } = (await shop.getOrder(user, order_id ?? '')).body;
    expect(order.signers.map((s) => s.first_name)).toEqual(['Otra']);
    expect(await orderCount(user)).toBe(1);
  });

  it("is a 404 for another user's payment, a package payment and an unknown id", async () => {
    const owner = await newConfirmedUser(stack, 'Duena');
    const other = await newConfirmedUser(stack, 'Otra');
    const req = await completeRequest(stack, owner);
    const intent = await startCard(owner, req.id);
    const pkg = await call<{ payment_intent_id: string }>(
      'POST',
      '/api/payments/credit-package-intent',
      { token: owner.accessToken, body: { packageId: 'basico', countryId: 'cl' } },
    );
    for (const [user, id] of [
      [other, intent.payment_intent_id],
      [owner, pkg.body.payment_intent_id],
      [owner, 'pi_000000000000000000000000'],
      [owner, 'not-an-id'],
    ] as const) {
      const res = await shop.cardStatus(user, id);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: m.paymentNotFound } });
    }
  });
});

describe('what the server refuses before any money moves', () => {
  it('takes no amount, price or total from the browser', async () => {
    const user = await newConfirmedUser(stack, 'Monto');
    const req = await completeRequest(stack, user);
    for (const extra of [{ amount: 1 }, { total: 1 }, { price: 1 }, { currency_code: 'usd' }]) {
      const card = await shop.cardIntent(user, req.id, checkoutForm(), extra);
      expect(card.status, JSON.stringify(extra)).toBe(400);
      const credits = await call('POST', '/api/checkout/credits', {
        token: user.accessToken,
        body: {
          request_id: req.id,
          form: checkoutForm(),
          idempotency_key: randomUUID(),
          ...extra,
        },
      });
      expect(credits.status, JSON.stringify(extra)).toBe(400);
    }
    const inForm = await shop.cardIntent(user, req.id, {
      ...checkoutForm(),
      total_price: 1,
    } as ReturnType<typeof checkoutForm>);
    expect(inForm.status).toBe(400);
    expect(await orderCount(user)).toBe(0);
  });

  it('checks the checkout form (every field but company required)', async () => {
    const user = await newConfirmedUser(stack, 'Form');
    const req = await completeRequest(stack, user);
    const res = await shop.cardIntent(
      user,
      req.id,
      checkoutForm({
        title: '   ',
        phone: '',
        email: 'no-es-email',
        region_province: '',
        whatsapp: 'abc',
      }),
    );
    expect(res.status).toBe(400);
    expect(
      (res.body as unknown as { error: { fields: Record<string, string> } }).error.fields,
    ).toMatchObject({
      'form.title': es.api.required,
      'form.phone': es.api.required,
      'form.email': m.emailInvalid,
      'form.region_province': es.api.required,
      // Saved to the profile: the wizard's phone rule, as the profile screen applies it.
      'form.whatsapp': 'Número inválido para Chile (9 dígitos)',
    });
    const profile = await call<{ whatsapp: string | null }>('GET', '/api/me', {
      token: user.accessToken,
    });
    expect(profile.status).toBe(200);
    expect(profile.body.whatsapp).not.toBe('abc');
    const noCompany = await shop.cardIntent(user, req.id, checkoutForm({ company: null }));
    expect(noCompany.status).toBe(200);
  });

  it('refuses an incomplete request (no signers, no delivery) and a type not delivered yet', async () => {
    const user = await newConfirmedUser(stack, 'Incompleta');
    await grantCredits(stack, user.accessToken, 10_000);
    const noSigners = await completeRequest(stack, user, { signers: [] });
    const noDelivery = await completeRequest(stack, user, { delivery: null });
    for (const req of [noSigners, noDelivery]) {
      const card = await shop.cardIntent(user, req.id);
      expect(card.status).toBe(422);
      expect(card.body).toMatchObject({
        error: { code: 'BUSINESS_RULE', message: m.requestIncomplete },
      });
      expect((await shop.payCredits(user, req.id)).status).toBe(422);
    }

    // (The RUT rules of FEA and Clave Única at payment: test/integration/signer-types.test.ts.)
    // A signature type not delivered yet saved behind the wizard's back (a crafted request):
    // neither way to pay takes it (issue 21; every seeded type is delivered, so a test one).
    const soon = await serviceOnlyIn(stack, 'cl', 'CLP', 'electronic_signature', false);
    try {
      const crafted = await completeRequest(stack, user);
      await forceRequest(stack, user.accessToken, crafted.id, { signature_service_id: soon.id });
      for (const res of [
        await shop.cardIntent(user, crafted.id),
        await shop.payCredits(user, crafted.id),
      ]) {
        expect(res.status).toBe(422);
        expect(res.body).toMatchObject({
          error: { code: 'BUSINESS_RULE', message: es.availability.serviceComingSoon },
        });
      }
    } finally {
      await soon.retire();
    }
    expect(await orderCount(user)).toBe(0);
    expect((await walletOf(stack, user.accessToken)).balance).toBe(10_000);
  });

  it("is a 404 for another user's request and a missing one", async () => {
    const owner = await newConfirmedUser(stack, 'Propia');
    const other = await newConfirmedUser(stack, 'Ajena');
    await grantCredits(stack, other.accessToken, 10_000);
    const req = await completeRequest(stack, owner);
    for (const id of [req.id, 'no-existe']) {
      const card = await shop.cardIntent(other, id);
      expect(card.status).toBe(404);
      expect(card.body).toEqual({ error: { code: 'NOT_FOUND', message: m.requestNotFound } });
      const credits = await shop.payCredits(other, id);
      expect(credits.status).toBe(404);
    }
    expect((await walletOf(stack, other.accessToken)).balance).toBe(10_000);
    expect((await shop.getRequest(owner, req.id)).body.request.status).toBe('pending');
  });
});

describe('paying with credits', () => {
  it('debits once and makes one order under a double click with the same key', async () => {
    const user = await newConfirmedUser(stack, 'Creditos');
    await grantCredits(stack, user.accessToken, 1000);
    const req = await completeRequest(stack, user);
    const needed = req.quote.credits_needed;
    expect(needed).toBeGreaterThan(0);
    const key = randomUUID();
    const [a, b] = await Promise.all([
      shop.payCredits(user, req.id, key),
      shop.payCredits(user, req.id, key),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.order.id).toBe(b.body.order.id);
    const order: Order = a.body.order;
    expect(order).toMatchObject({
      status: 'processing',
      payment_method_mix: 'full_credits',
      payment_method_label: 'Créditos',
      credits_used: needed,
      credits_discount_amount: req.quote.credits_discount_amount,
      total_price: req.quote.total,
      subtotal: req.quote.total,
      request_id: req.id,
    });
    // Later, the same key again: the same order, nothing more debited.
    const late = await shop.payCredits(user, req.id, key);
    expect(late.status).toBe(200);
    expect(late.body.order.id).toBe(order.id);

    expect((await walletOf(stack, user.accessToken)).balance).toBe(1000 - needed);
    const usage = await usageRecords(user);
    expect(usage).toEqual([
      expect.objectContaining({
        amount: -needed,
        description: fmt(m.creditsOrderDescription, { number: order.order_number }),
        related_entity_id: order.id,
      }),
    ]);
    expect(await orderCount(user)).toBe(1);
    expect((await shop.getRequest(user, req.id)).body.request).toMatchObject({
      status: 'paid',
      associated_order_number: order.order_number,
    });
    for (const s of order.signers) expect(await waitForLinks(stack, s.email)).toHaveLength(1);
  });

  it('debits once when two different keys race for the same request', async () => {
    const user = await newConfirmedUser(stack, 'Carrera');
    await grantCredits(stack, user.accessToken, 1000);
    const req = await completeRequest(stack, user);
    const results = await Promise.all([
      shop.payCredits(user, req.id, randomUUID()),
      shop.payCredits(user, req.id, randomUUID()),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const lost = results.find((r) => r.status === 409);
    expect(lost?.body).toMatchObject({ error: { code: 'CONFLICT', message: m.requestNotPending } });
    expect((await walletOf(stack, user.accessToken)).balance).toBe(1000 - req.quote.credits_needed);
    expect(await usageRecords(user)).toHaveLength(1);
    expect(await orderCount(user)).toBe(1);
  });

  it('100 clicks at once with one key, and 100 with 100 keys: one order, one debit', async () => {
    const user = await newConfirmedUser(stack, 'Clics');
    await grantCredits(stack, user.accessToken, 1000);
    const [one, many] = [await completeRequest(stack, user), await completeRequest(stack, user)];
    const key = randomUUID();
    // What the checkout page does on a 409 'payment in progress' or a 503: ask again, same key.
    const pay = async (requestId: string, k: ReturnType<typeof randomUUID>) => {
      for (let i = 0; ; i++) {
        const res = await shop.payCredits(user, requestId, k);
        expect(res.status).not.toBe(500);
        const retry =
          res.status === 503 ||
          (res.status === 409 && JSON.stringify(res.body).includes(m.paymentInProgress));
        if (!retry || i === 5) return res;
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    const [same, different] = await Promise.all([
      Promise.all(Array.from({ length: 100 }, () => pay(one.id, key))),
      Promise.all(Array.from({ length: 100 }, () => pay(many.id, randomUUID()))),
    ]);
    // One key: every click answers the one order.
    expect(same.map((r) => r.status)).toEqual(Array(100).fill(200));
    expect(new Set(same.map((r) => r.body.order.id)).size).toBe(1);
    // A hundred keys: one order, the others told the request is paid.
    expect(different.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of different.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
    }
    const needed = one.quote.credits_needed + many.quote.credits_needed;
    expect((await walletOf(stack, user.accessToken)).balance).toBe(1000 - needed);
    expect(await usageRecords(user)).toHaveLength(2);
    expect(await orderCount(user)).toBe(2);
  }, 120_000);

  it("an earlier attempt's transaction arriving after a retry claimed the request cannot land", async () => {
    // Attempt A answered 503 at its deadline while its order transaction was still on its way;
    // the retry (same key) claims the request before reading the balance. A's transaction, which
    // marks the request paid only under A's claim, then fails whole: one order, one debit, and
    // the retry's view of the wallet was final.
    const user = await newConfirmedUser(stack, 'Reintento');
    const req = await completeRequest(stack, user);
    await grantCredits(stack, user.accessToken, req.quote.credits_needed);
    pointAt(stack);
    const repo = await import('../../functions/requests/repo.js');
    const { commitOrder } = await import('../../functions/orders/repo.js');
    const sub = subOf(user.accessToken);
    const asRead = await repo.getOwnedRequest(req.id, sub);
    if (!asRead) throw new Error('request not found');
    // A's claim lasted until its deadline, which has passed: it answered its 503.
    expect(await repo.claimForCredits(asRead, 'attempt-a', Date.now())).toBe(true);

    const key = randomUUID();
    const retry = await shop.payCredits(user, req.id, key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);

    const late = repo.markPaidUpdate(
      asRead,
      { id: randomUUID(), order_number: 'ORD-LATE' },
      new Date().toISOString(),
      'attempt-a',
    );
    await expect(commitOrder([late])).rejects.toThrow();
    expect((await walletOf(stack, user.accessToken)).balance).toBe(0);
    expect(await usageRecords(user)).toHaveLength(1);
    expect(await orderCount(user)).toBe(1);
    expect((await shop.getRequest(user, req.id)).body.request.associated_order_number).toBe(
      retry.body.order.order_number,
    );
  });

  it('a click while another attempt holds the request waits for it: its order, or a 409 in progress', async () => {
    const user = await newConfirmedUser(stack, 'Espera');
    const req = await completeRequest(stack, user);
    await grantCredits(stack, user.accessToken, req.quote.credits_needed);
    pointAt(stack);
    const repo = await import('../../functions/requests/repo.js');
    const asRead = await repo.getOwnedRequest(req.id, subOf(user.accessToken));
    if (!asRead) throw new Error('request not found');
    // Another attempt (another Lambda, still within its time) holds the request.
    expect(await repo.claimForCredits(asRead, 'holder', Date.now() + 20_000)).toBe(true);
    expect(await repo.claimForCredits(asRead, 'second', Date.now() + 20_000)).toBe(false);
    // The SDK's retry of the holder's own claim (its first answer timed out) still holds it.
    expect(await repo.claimForCredits(asRead, 'holder', Date.now() + 20_000)).toBe(true);

    const held = await shop.payCredits(user, req.id);
    expect(held.status).toBe(409);
    expect(JSON.stringify(held.body)).toContain(m.paymentInProgress);
    expect((await walletOf(stack, user.accessToken)).balance).toBe(req.quote.credits_needed);
    expect(await orderCount(user)).toBe(0);

    // The holder ends without an order and gives the request back: the next click pays.
    await repo.releaseCreditsClaim(asRead, 'holder');
    const key = randomUUID();
    const paid = await shop.payCredits(user, req.id, key);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await walletOf(stack, user.accessToken)).balance).toBe(0);
    expect(await orderCount(user)).toBe(1);
  });

  it('a refused attempt gives its claim back: the next click is answered at once', async () => {
    const user = await newConfirmedUser(stack, 'Suelta');
    const req = await completeRequest(stack, user);
    await grantCredits(stack, user.accessToken, req.quote.credits_needed - 1);
    expect((await shop.payCredits(user, req.id)).status).toBe(422);
    pointAt(stack);
    const repo = await import('../../functions/requests/repo.js');
    const after = await repo.getOwnedRequest(req.id, subOf(user.accessToken));
    // Claimed, then given back with the 422: the next click need not wait for its time.
    expect(after?.pay_attempt).toEqual(expect.any(String));
    expect(after?.pay_attempt_until).toBeUndefined();
    expect((await shop.payCredits(user, req.id)).status).toBe(422);
    await grantCredits(stack, user.accessToken, 1);
    expect((await shop.payCredits(user, req.id)).status).toBe(200);
    expect((await walletOf(stack, user.accessToken)).balance).toBe(0);
  });

  it("answers 'Créditos insuficientes' when the balance is short, and writes nothing", async () => {
    const user = await newConfirmedUser(stack, 'Corto');
    const req = await completeRequest(stack, user);
    await grantCredits(stack, user.accessToken, req.quote.credits_needed - 1);
    const res = await shop.payCredits(user, req.id);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: { code: 'INSUFFICIENT_CREDITS', message: 'Créditos insuficientes' },
    });
    expect((await walletOf(stack, user.accessToken)).balance).toBe(req.quote.credits_needed - 1);
    expect(await usageRecords(user)).toEqual([]);
    expect(await orderCount(user)).toBe(0);
    expect((await shop.getRequest(user, req.id)).body.request.status).toBe('pending');
    const me = await call('GET', '/api/me', { token: user.accessToken });
    expect(me.body).toMatchObject({ phone: null, address: null });
    for (const s of req.signers) expect(await signingLinks(stack, s.email)).toEqual([]);
  });

  it('refuses to pay an already paid request again, by card or with another key', async () => {
    const user = await newConfirmedUser(stack, 'Pagada');
    await grantCredits(stack, user.accessToken, 1000);
    const req = await completeRequest(stack, user);
    expect((await shop.payCredits(user, req.id)).status).toBe(200);
    const again = await shop.payCredits(user, req.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { message: m.requestNotPending } });
    const card = await shop.cardIntent(user, req.id);
    expect(card.status).toBe(409);
    expect((await walletOf(stack, user.accessToken)).balance).toBe(1000 - req.quote.credits_needed);
  });
});
