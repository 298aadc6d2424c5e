import Stripe from 'stripe';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type * as z from 'zod/mini';
import { routeList } from '../../shared/contract/routes.js';
import { es } from '../../shared/messages.es.js';
import { api, newConfirmedUser, type TestUser } from '../support/client.js';
import { walletOf } from '../support/ledger.js';
import { confirmInBrowser as confirmCard, dropWebhooks } from '../support/orders.js';

const stack = inject('stack');
const call = api(stack);

interface Intent {
  client_secret: string;
  payment_intent_id: string;
  publishable_key: string;
  package: { id: string; price: number; currency_code: string; credits_amount: number };
}

interface SentEvent {
  id: string;
  type: string;
  payload: string;
  signature: string | null;
  delivered: boolean;
  dropped: boolean;
  attempts: { status: number | null }[];
}

const GOOD = '4242424242424242';
const DECLINED = '4000000000000002';

async function createIntent(user: TestUser, packageId = 'popular', countryId = 'cl') {
  const res = await call<Intent>('POST', '/api/payments/credit-package-intent', {
    token: user.accessToken,
    body: { packageId, countryId },
  });
  expect(res.status).toBe(200);
  return res.body;
}

const confirmInBrowser = (intent: Intent, number: string) => confirmCard(stack, intent, number);

async function eventsOf(paymentIntentId: string): Promise<SentEvent[]> {
  const res = await fetch(`${stack.endpoints.stripe}/_emulator/events?object=${paymentIntentId}`);
  return ((await res.json()) as { events: SentEvent[] }).events;
}

/** Waits until the emulator has delivered (2xx) an event of this type for the intent. */
async function delivered(paymentIntentId: string, type: string): Promise<SentEvent> {
  for (let i = 0; i < 100; i++) {
    const event = (await eventsOf(paymentIntentId)).find((e) => e.type === type && e.delivered);
    if (event) return event;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${type} for ${paymentIntentId} was not delivered`);
}

const postWebhook = (payload: string, signature?: string) =>
  call('POST', '/api/payments/webhook', {
    rawBody: payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
  });

const status = (user: TestUser, id: string) =>
  call<{ status: string; credited: boolean; credits: number | null }>(
    'GET',
    `/api/payments/intents/${id}`,
    { token: user.accessToken },
  );

async function purchases(user: TestUser) {
  const res = await call<{ transactions: { type: string; payment_intent_id: string | null }[] }>(
    'GET',
    '/api/credits/transactions?type=purchase',
    { token: user.accessToken },
  );
  expect(res.status).toBe(200);
  return res.body.transactions;
}

const balance = async (user: TestUser) => (await walletOf(stack, user.accessToken)).balance;

describe('creating a package payment', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await newConfirmedUser(stack, 'Compra');
  });

  it('charges the catalogue price of the package in the country', async () => {
    const listed = await call<{ packages: Intent['package'][] }>(
      'GET',
      '/api/credits/packages?country=cl',
    );
    const popular = listed.body.packages.find((p) => p.id === 'popular');
    const intent = await createIntent(user, 'popular', 'CL');
    expect(intent.package).toEqual(popular);
    expect(intent.publishable_key).toMatch(/^pk_test_/);
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.payment_intent_id}_secret_`));

    // What Stripe holds is the catalogue's amount, as the browser can read it back.
    const res = await fetch(
      `${stack.url}/stripe-local/v1/payment_intents/${intent.payment_intent_id}?client_secret=${intent.client_secret}`,
      { headers: { authorization: `Bearer ${intent.publishable_key}` } },
    );
    expect(await res.json()).toMatchObject({
      amount: popular?.price,
      currency: popular?.currency_code.toLowerCase(),
      status: 'requires_payment_method',
    });
  });

  it('refuses an amount, a price or any other field from the client', async () => {
    for (const extra of [{ amount: 1 }, { price: 1 }, { currency: 'usd' }, { credits: 9999 }]) {
      const res = await call('POST', '/api/payments/credit-package-intent', {
        token: user.accessToken,
        body: { packageId: 'popular', countryId: 'cl', ...extra },
      });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'VALIDATION' } });
    }
  });

  it('answers 404 in Spanish for a package not on sale in the country', async () => {
    for (const [packageId, countryId] of [
      ['no-existe', 'cl'],
      ['popular', 'zz'],
    ]) {
      const res = await call('POST', '/api/payments/credit-package-intent', {
        token: user.accessToken,
        body: { packageId, countryId },
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        error: { code: 'NOT_FOUND', message: es.credits.packageUnavailable },
      });
    }
  });

  it('needs a signed-in user', async () => {
    const res = await call('POST', '/api/payments/credit-package-intent', {
      body: { packageId: 'popular', countryId: 'cl' },
    });
    expect(res.status).toBe(401);
  });
});

describe('no route takes an amount or a price from the client', () => {
  /** Every key of an object schema, nested ones as a.b. */
  function keysOf(schema: z.core.$ZodType, prefix = ''): string[] {
    const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
    const inner = (s: unknown, p = prefix) => keysOf(s as z.core.$ZodType, p);
    switch (def.type) {
      case 'object':
        return Object.entries(def.shape as Record<string, z.core.$ZodType>).flatMap(([k, v]) => [
          prefix + k,
          ...inner(v, `${prefix}${k}.`),
        ]);
      case 'optional':
      case 'nullable':
      case 'default':
      case 'readonly':
      case 'nonoptional':
      case 'catch':
      case 'prefault':
        return inner(def.innerType);
      case 'pipe':
        return inner(def.in);
      case 'array':
        return inner(def.element, `${prefix}[].`);
      case 'union':
        return (def.options as z.core.$ZodType[]).flatMap((o) => inner(o));
      default:
        return [];
    }
  }

  // An admin's credits adjustment names its amount on purpose: it is the admin's decision,
  // booked with a reason, on a route no customer can reach (checked in authorization.test.ts).
  const clientRoutes = routeList.filter((r) => r.auth !== 'admin');
  it.each(clientRoutes.map((r) => [r.id, r] as const))('%s', (_id, route) => {
    const keys = [
      ...(route.request ? keysOf(route.request) : []),
      ...(route.query ? keysOf(route.query) : []),
    ];
    expect(keys.filter((k) => /amount|price|total|cost|currency/i.test(k))).toEqual([]);
  });
});

describe('paying by card', () => {
  it('credits the package once the signed webhook arrives', async () => {
    const user = await newConfirmedUser(stack, 'Tarjeta');
    const intent = await createIntent(user, 'popular');
    const confirm = await confirmInBrowser(intent, GOOD);
    expect(confirm.status).toBe(200);
    expect(confirm.body).toMatchObject({ status: 'succeeded' });
    expect(confirm.body.metadata).toBeUndefined();

    await delivered(intent.payment_intent_id, 'payment_intent.succeeded');
    expect(await balance(user)).toBe(intent.package.credits_amount);
    expect((await status(user, intent.payment_intent_id)).body).toEqual({
      payment_intent_id: intent.payment_intent_id,
      status: 'succeeded',
      credited: true,
      credits: intent.package.credits_amount,
    });
    expect(await balance(user)).toBe(intent.package.credits_amount);
    expect(await purchases(user)).toMatchObject([
      { type: 'purchase', payment_intent_id: intent.payment_intent_id },
    ]);
  });

  it('grants once when the same signed event arrives 5 times, and out of order', async () => {
    const user = await newConfirmedUser(stack, 'Repetido');
    const intent = await createIntent(user, 'basico');
    expect((await confirmInBrowser(intent, DECLINED)).status).toBe(402);
    const failed = await delivered(intent.payment_intent_id, 'payment_intent.payment_failed');
    expect((await confirmInBrowser(intent, GOOD)).status).toBe(200);
    const succeeded = await delivered(intent.payment_intent_id, 'payment_intent.succeeded');
    const credits = intent.package.credits_amount;
    expect(await balance(user)).toBe(credits);

    // The very same bytes and signature, five times in a row and then five at once.
    for (let i = 0; i < 5; i++) {
      const res = await postWebhook(succeeded.payload, succeeded.signature ?? '');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received: true });
    }
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => postWebhook(succeeded.payload, succeeded.signature ?? '')),
    );
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    // Older events after the success: the intent is re-read, so they change nothing.
    const created = (await eventsOf(intent.payment_intent_id)).find(
      (e) => e.type === 'payment_intent.created',
    );
    for (const old of [failed, created]) {
      expect((await postWebhook(old?.payload ?? '', old?.signature ?? '')).status).toBe(200);
    }

    expect(await balance(user)).toBe(credits);
    expect(await purchases(user)).toHaveLength(1);
    expect((await status(user, intent.payment_intent_id)).body).toMatchObject({
      credited: true,
      credits,
    });
    expect(await balance(user)).toBe(credits);
  });

  it('refuses an event without a valid signature and grants nothing', async () => {
    const user = await newConfirmedUser(stack, 'Firma');
    const intent = await createIntent(user, 'basico');
    // Lets the 'created' event land first: delivered after the payment, it would rightly credit.
    await dropWebhooks(stack, intent.payment_intent_id);
    expect((await confirmInBrowser(intent, GOOD)).status).toBe(200);
    const [event] = (await eventsOf(intent.payment_intent_id)).filter(
      (e) => e.type === 'payment_intent.succeeded',
    );
    expect(event?.dropped).toBe(true);
    const payload = event?.payload ?? '';
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_forged' });
    const oldGood =
      (await eventsOf(intent.payment_intent_id)).find((e) => e.signature)?.signature ?? undefined;

    for (const signature of [undefined, 'garbage', forged, oldGood]) {
      const res = await postWebhook(payload, signature);
      expect(res.status, String(signature)).toBe(400);
      expect(res.body).toEqual({
        error: { code: 'VALIDATION', message: es.credits.webhookSignatureInvalid },
      });
    }
    expect(await balance(user)).toBe(0);
    expect(await purchases(user)).toHaveLength(0);
  });

  it('leaves a declined card without credits and lets the user retry', async () => {
    const user = await newConfirmedUser(stack, 'Rechazo');
    const intent = await createIntent(user, 'basico');
    const declined = await confirmInBrowser(intent, DECLINED);
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({
      error: { type: 'card_error', code: 'card_declined', message: 'Tu tarjeta fue rechazada.' },
    });
    await delivered(intent.payment_intent_id, 'payment_intent.payment_failed');
    expect((await status(user, intent.payment_intent_id)).body).toMatchObject({
      status: 'requires_payment_method',
      credited: false,
      credits: null,
    });
    expect(await balance(user)).toBe(0);

    const retry = await confirmInBrowser(intent, GOOD);
    expect(retry.body).toMatchObject({ status: 'succeeded' });
    await delivered(intent.payment_intent_id, 'payment_intent.succeeded');
    expect(await balance(user)).toBe(intent.package.credits_amount);
  });

  it('still credits exactly once through the status call when the webhook is lost', async () => {
    const user = await newConfirmedUser(stack, 'Perdido');
    const intent = await createIntent(user, 'premium');
    // The 'created' event left before we could drop anything. Its handler re-reads the intent
    // (the payload is only a hint), so if it arrived after the payment it would rightly credit
    // it: dropWebhooks lets it land first, so only the status call can credit here.
    await dropWebhooks(stack, intent.payment_intent_id);
    expect((await confirmInBrowser(intent, GOOD)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(await balance(user)).toBe(0);

    const [a, b] = await Promise.all([
      status(user, intent.payment_intent_id),
      status(user, intent.payment_intent_id),
    ]);
    for (const res of [a, b, await status(user, intent.payment_intent_id)]) {
      expect(res.body).toMatchObject({ status: 'succeeded', credited: true, credits: 1200 });
    }
    expect(await balance(user)).toBe(intent.package.credits_amount);
    expect(await purchases(user)).toHaveLength(1);
  });
});

describe('payment status', () => {
  it("is 404 for another user's payment, an unknown id and a malformed one", async () => {
    const owner = await newConfirmedUser(stack, 'Duena');
    const other = await newConfirmedUser(stack, 'Otra');
    const intent = await createIntent(owner, 'basico');
    for (const [user, id] of [
      [other, intent.payment_intent_id],
      [owner, 'pi_000000000000000000000000'],
      [owner, 'ch_notapaymentintent'],
    ] as const) {
      const res = await status(user, id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        error: { code: 'NOT_FOUND', message: es.credits.paymentNotFound },
      });
    }
  });
});

describe("the browser's local door to Stripe", () => {
  it('is announced in config.json with the publishable key only', async () => {
    const config = await call<{ stripe?: { publishableKey: string; localProxy: string } }>(
      'GET',
      '/config.json',
    );
    expect(config.body.stripe).toEqual({
      publishableKey: expect.stringMatching(/^pk_test_/),
      localProxy: '/stripe-local',
    });
    expect(JSON.stringify(config.body)).not.toMatch(/sk_test_|whsec_/);
  });

  it('passes only retrieve and confirm, and never a secret key', async () => {
    const user = await newConfirmedUser(stack, 'Puerta');
    const intent = await createIntent(user, 'basico');
    const create = await fetch(`${stack.url}/stripe-local/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${intent.publishable_key}` },
      body: 'amount=1&currency=clp',
    });
    expect(create.status).toBe(404);
    const events = await fetch(`${stack.url}/stripe-local/_emulator/events`);
    expect(events.status).toBe(404);
    const withSecret = await fetch(
      `${stack.url}/stripe-local/v1/payment_intents/${intent.payment_intent_id}/confirm`,
      {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_guess' },
        body: 'payment_method=pm_card_visa',
      },
    );
    expect(withSecret.status).toBe(401);
    const noSecret = await fetch(
      `${stack.url}/stripe-local/v1/payment_intents/${intent.payment_intent_id}/confirm`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${intent.publishable_key}` },
        body: 'payment_method=pm_card_visa',
      },
    );
    expect(noSecret.status).toBe(400);
    expect(await balance(user)).toBe(0);
  });
});
