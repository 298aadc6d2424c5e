import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { StackInfo } from '../../local/stack.js';
import type { Order } from '../../shared/contract/orders.js';
import type { SigningRequest } from '../../shared/contract/requests.js';
import { api, mailsTo, type TestUser } from './client.js';
import { subOf } from './ledger.js';
import { checkoutForm, signer } from './order-forms.js';
import { type RequestAnswer, readyDocument, serviceIds } from './requests.js';

/**
 * Helpers of the checkout and orders tests: a complete pending request built through the real
 * documents and requests API, the checkout form, the card journey as the browser drives it
 * (intent, the local Stripe door, status polls), the emulator's test doors for webhooks, the
 * signing links read from the local SES store, and a table helper for a signer's status
 * (through the orders repository; no key is built here).
 */
export const GOOD_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';

export { checkoutForm, signer } from './order-forms.js';

export interface RequestOptions {
  signers?: ReturnType<typeof signer>[];
  notarial?: string;
  signature?: string;
  delivery?: boolean | null;
  fileName?: string;
  /** 'Firmar en orden'. */
  signInOrder?: boolean;
  /** A document already uploaded and completed (else a small PDF is uploaded). */
  documentId?: string;
}

/** A pending request as the wizard leaves it: document, services, signers, delivery. */
export async function completeRequest(
  stack: StackInfo,
  user: TestUser,
  opts: RequestOptions = {},
): Promise<SigningRequest> {
  const call = api(stack);
  const documentId =
    opts.documentId ??
    (await readyDocument(stack, user.accessToken, opts.fileName ?? 'contrato.pdf'));
  const created = await call<RequestAnswer>('POST', '/api/requests', {
    token: user.accessToken,
    body: { country_id: 'cl', document_id: documentId },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const cl = await serviceIds(stack, 'cl');
  const body: Record<string, unknown> = {
    notarial_service_id: cl.id(opts.notarial ?? 'sin_notario'),
    signature_service_id: cl.id(opts.signature ?? 'fes'),
    signers: opts.signers ?? [signer(), signer({ first_name: 'Bruno', last_name: 'Díaz' })],
  };
  if (opts.delivery !== null) body.delivery_options = opts.delivery ?? true;
  if (opts.signInOrder !== undefined) body.sign_in_order = opts.signInOrder;
  const saved = await call<RequestAnswer>('PATCH', `/api/requests/${created.body.request.id}`, {
    token: user.accessToken,
    body,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.request;
}

export interface CardIntent {
  client_secret: string;
  payment_intent_id: string;
  publishable_key: string;
  amount: number;
  currency_code: string;
}

export interface PaymentState {
  payment_intent_id: string;
  status: string;
  order_id: string | null;
  order_number: string | null;
}

/**
 * The checkout and order calls as the SPA makes them; `headers` names a work context
 * (organizations.ts inOrganization), none is Personal.
 */
export function checkoutApi(stack: StackInfo, headers: Record<string, string> = {}) {
  const call = api(stack);
  return {
    cardIntent: (user: TestUser, requestId: string, form = checkoutForm(), extra = {}) =>
      call<CardIntent>('POST', '/api/checkout/card-intent', {
        token: user.accessToken,
        headers,
        body: { request_id: requestId, form, ...extra },
      }),
    cardStatus: (user: TestUser, paymentIntentId: string) =>
      call<PaymentState>('GET', `/api/checkout/card-intent/${paymentIntentId}`, {
        token: user.accessToken,
        headers,
      }),
    payCredits: (user: TestUser, requestId: string, key = randomUUID(), form = checkoutForm()) =>
      call<{ order: Order }>('POST', '/api/checkout/credits', {
        token: user.accessToken,
        headers,
        body: { request_id: requestId, form, idempotency_key: key },
      }),
    getOrder: (user: TestUser, id: string) =>
      call<{ order: Order }>('GET', `/api/orders/${id}`, { token: user.accessToken, headers }),
    getRequest: (user: TestUser, id: string) =>
      call<RequestAnswer>('GET', `/api/requests/${id}`, { token: user.accessToken }),
    cart: async (user: TestUser) => {
      const res = await call<{ requests: { id: string }[] }>('GET', '/api/requests', {
        token: user.accessToken,
      });
      expect(res.status).toBe(200);
      return res.body.requests.map((r) => r.id);
    },
  };
}

/** Exactly what the SPA's local card form sends (Stripe.js's confirm, through the gateway). */
export async function confirmInBrowser(
  stack: StackInfo,
  intent: Pick<CardIntent, 'payment_intent_id' | 'publishable_key' | 'client_secret'>,
  number: string,
) {
  const res = await fetch(
    `${stack.url}/stripe-local/v1/payment_intents/${intent.payment_intent_id}/confirm`,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${intent.publishable_key}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        client_secret: intent.client_secret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': number,
        'payment_method_data[card][exp_month]': '12',
        'payment_method_data[card][exp_year]': String(new Date().getFullYear() + 3),
        'payment_method_data[card][cvc]': '123',
      }),
    },
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The amount and currency Stripe holds for an intent, read back as the browser can. */
export async function intentAsStripeHasIt(stack: StackInfo, intent: CardIntent) {
  const res = await fetch(
    `${stack.url}/stripe-local/v1/payment_intents/${intent.payment_intent_id}?client_secret=${intent.client_secret}`,
    { headers: { authorization: `Bearer ${intent.publishable_key}` } },
  );
  return (await res.json()) as { amount: number; currency: string; status: string };
}

export interface SentEvent {
  id: string;
  type: string;
  payload: string;
  signature: string | null;
  delivered: boolean;
  dropped: boolean;
}

export async function eventsOf(stack: StackInfo, paymentIntentId: string): Promise<SentEvent[]> {
  const res = await fetch(`${stack.endpoints.stripe}/_emulator/events?object=${paymentIntentId}`);
  return ((await res.json()) as { events: SentEvent[] }).events;
}

/** Waits until the emulator has delivered (2xx) an event of this type for the intent. */
export async function delivered(stack: StackInfo, paymentIntentId: string, type: string) {
  for (let i = 0; i < 200; i++) {
    const event = (await eventsOf(stack, paymentIntentId)).find(
      (e) => e.type === type && e.delivered,
    );
    if (event) return event;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${type} for ${paymentIntentId} was not delivered`);
}

/** From now on the emulator records this intent's events but never delivers them. */
export async function dropWebhooks(stack: StackInfo, paymentIntentId: string) {
  // The 'created' event may still be on its way: let it land first (it changes nothing).
  await delivered(stack, paymentIntentId, 'payment_intent.created');
  await fetch(`${stack.endpoints.stripe}/_emulator/drop-webhooks`, {
    method: 'POST',
    body: JSON.stringify({ object: paymentIntentId }),
  });
}

export const postWebhook = (stack: StackInfo, event: SentEvent) =>
  api(stack)('POST', '/api/payments/webhook', {
    rawBody: event.payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': event.signature ?? '',
    },
  });

/** The signing links mailed to an address so far, newest last. */
export async function signingLinks(stack: StackInfo, email: string): Promise<URL[]> {
  const escaped = stack.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`href="(${escaped}/sign/[^"]+)"`);
  return (await mailsTo(stack, email))
    .map((m) => re.exec(m.body.html ?? '')?.[1])
    .filter((u): u is string => !!u)
    .map((u) => new URL(u.replace(/&amp;|&#38;|&#x26;/gi, '&')));
}

/** Waits until `count` signing links have reached `email`. */
export async function waitForLinks(stack: StackInfo, email: string, count = 1): Promise<URL[]> {
  for (let i = 0; i < 100; i++) {
    const links = await signingLinks(stack, email);
    if (links.length >= count) return links;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`fewer than ${count} signing link(s) reached ${email}`);
}

function pointAt(stack: StackInfo) {
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_DYNAMODB: stack.endpoints.dynamodb,
    TABLE_NAME: stack.tableName,
  });
}

/** Moves a signer's status as the signing flow will (e.g. 'signed'). */
export async function setSignerStatus(stack: StackInfo, signerId: string, status: string) {
  pointAt(stack);
  const repo = await import('../../functions/orders/signer-records.js');
  await repo.setSignerStatus(signerId, status, new Date().toISOString());
}

/** A signer item as stored (to check that only a hash of the token is kept). */
export async function storedSigner(stack: StackInfo, signerId: string) {
  pointAt(stack);
  const repo = await import('../../functions/orders/signer-records.js');
  return repo.getSigner(signerId);
}

/** The CRM contact of an e-mail, as stored. */
export async function storedContact(stack: StackInfo, email: string) {
  pointAt(stack);
  const repo = await import('../../functions/contacts/repo.js');
  return repo.getContact(email);
}

/**
 * Saves a request behind the wizard's back through the requests repository, as an old tab or
 * a buggy client could leave it: the payment must check everything again.
 */
export async function forceRequest(
  stack: StackInfo,
  token: string,
  requestId: string,
  changes: { signers?: ReturnType<typeof signer>[]; signature_service_id?: string },
) {
  pointAt(stack);
  const repo = await import('../../functions/requests/repo.js');
  const req = await repo.getOwnedRequest(requestId, subOf(token));
  if (!req) throw new Error('request not found');
  const signers = changes.signers?.map((s, i) => ({ ...s, signer_index: i + 1 }));
  const saved = await repo.updatePendingRequest(
    req,
    {
      ...(signers ? { signers, signers_count: signers.length } : {}),
      ...(changes.signature_service_id
        ? { signature_service_id: changes.signature_service_id }
        : {}),
    },
    new Date().toISOString(),
  );
  if (!saved) throw new Error('request not saved');
  return saved;
}

/**
 * The order once the mail outbox has sent every signer's first link (the order's answer comes
 * before them: they go out a moment later, through the queue).
 */
export async function linksSent(stack: StackInfo, user: TestUser, orderId: string): Promise<Order> {
  const shop = checkoutApi(stack);
  for (let i = 0; i < 200; i++) {
    const res = await shop.getOrder(user, orderId);
    expect(res.status).toBe(200);
    const order = res.body.order;
    // In order, a signer whose turn has not come has no link yet.
    if (order.signers.every((s) => s.link_sent_at || s.turn_waiting)) return order;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the signing links of order ${orderId} were not sent`);
}

/**
 * A paid order made with credits (the quickest real way to one): request, credits, pay; and,
 * unless `pendingLinks`, its signers' first links sent.
 */
export async function paidOrder(
  stack: StackInfo,
  user: TestUser,
  opts: RequestOptions & { title?: string; pendingLinks?: boolean; billingEmail?: string } = {},
): Promise<Order> {
  const req = await completeRequest(stack, user, opts);
  const { grantCredits } = await import('./ledger.js');
  await grantCredits(stack, user.accessToken, req.quote.credits_needed);
  const paid = await checkoutApi(stack).payCredits(
    user,
    req.id,
    randomUUID(),
    checkoutForm({
      title: opts.title ?? 'Contrato de arriendo',
      ...(opts.billingEmail ? { email: opts.billingEmail } : {}),
    }),
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  if (opts.pendingLinks) return paid.body.order;
  return linksSent(stack, user, paid.body.order.id);
}

/**
 * Rewrites an order as stored with other values (an older date, another status), through the
 * repository's own item builder: there is no API for either yet.
 */
export async function rewriteOrder(
  stack: StackInfo,
  orderId: string,
  changes: { created_at?: string; status?: Order['status'] },
) {
  pointAt(stack);
  const repo = await import('../../functions/orders/repo.js');
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db } = await import('../../functions/platform/db.js');
  const order = await repo.getOrder(orderId);
  if (!order) throw new Error('order not found');
  const put = repo.orderPut({ ...order, ...changes }).Put;
  if (!put) throw new Error('no put');
  const { ConditionExpression: _c, ...unconditional } = put;
  await db().send(new PutCommand(unconditional));
}

/** The order item as stored (its updated_at shows whether a write happened). */
export async function storedOrder(stack: StackInfo, orderId: string) {
  pointAt(stack);
  const repo = await import('../../functions/orders/repo.js');
  return repo.getOrder(orderId);
}

/** Removes a signer's token as if no link had ever been issued. */
export async function forgetToken(stack: StackInfo, signerId: string) {
  pointAt(stack);
  const repo = await import('../../functions/orders/signer-records.js');
  const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
  const { db } = await import('../../functions/platform/db.js');
  const s = await repo.getSigner(signerId);
  if (!s) throw new Error('signer not found');
  const { token_hash: _h, token_expires_at: _e, link_sent_at: _l, ...untokened } = s;
  const put = repo.signerPut(untokened).Put;
  if (!put) throw new Error('no put');
  const { ConditionExpression: _x, ...unconditional } = put;
  await db().send(new PutCommand(unconditional));
}

/**
 * A request paid by card as the browser pays it (intent, the emulator's card form, the
 * webhook): its payment intent and the order the payment made.
 */
export async function cardPaidOrder(
  stack: StackInfo,
  user: TestUser,
  opts: RequestOptions = {},
): Promise<{ req: Awaited<ReturnType<typeof completeRequest>>; pi: string; orderId: string }> {
  const req = await completeRequest(stack, user, opts);
  const shop = checkoutApi(stack);
  const intent = await shop.cardIntent(user, req.id);
  await confirmInBrowser(stack, intent.body, GOOD_CARD);
  const pi = intent.body.payment_intent_id;
  for (let i = 0; i < 200; i++) {
    const orderId = (await shop.cardStatus(user, pi)).body.order_id;
    if (orderId) return { req, pi, orderId };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no order for ${pi}`);
}
