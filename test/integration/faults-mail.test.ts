import { createHash } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { es } from '../../shared/messages.es.js';
import { api, newConfirmedUser } from '../support/client.js';
import { allUp, setFault } from '../support/faults.js';
import {
  checkoutApi,
  completeRequest,
  confirmInBrowser,
  delivered,
  GOOD_CARD,
  linksSent,
  paidOrder,
  postWebhook,
  signingLinks,
  storedSigner,
  waitForLinks,
} from '../support/orders.js';
import { outboxIdsOfSigners, senderHere } from '../support/outbox.js';

/**
 * The mail outbox when mail fails (issue 11): a paid order's link mails are written with the
 * order and sent by the queue once mail is back, each exactly once; a resend while mail is
 * down answers an honest 503 and the signer's working link stays.
 */
const stack = inject('stack');
const call = api(stack);
const shop = checkoutApi(stack);
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterEach(() => allUp(stack));

describe('mail down during a credits checkout', () => {
  it('answers the order, shows the links unsent, and sends each exactly once when mail is back', async () => {
    const user = await newConfirmedUser(stack, 'SinCorreo');
    await setFault(stack, 'mail', 'down');
    const order = await paidOrder(stack, user, { pendingLinks: true });
    expect(order.signers.length).toBeGreaterThan(1);

    // The outbox tries (and fails) while mail is down: nothing is marked sent.
    await sleep(3_000);
    const waiting = (await shop.getOrder(user, order.id)).body.order;
    expect(waiting.signers.map((s) => s.link_sent_at)).toEqual(order.signers.map(() => null));
    expect(waiting.signers.every((s) => s.has_token)).toBe(true);
    for (const s of order.signers) expect(await signingLinks(stack, s.email)).toEqual([]);

    await setFault(stack, 'mail', 'up');
    const sent = await linksSent(stack, user, order.id);
    for (const s of sent.signers) {
      const [link] = await waitForLinks(stack, s.email);
      expect(link?.pathname).toBe(`/sign/${s.id}`);
      // The mailed token is the one the signer holds.
      expect((await storedSigner(stack, s.id))?.token_hash).toBe(
        sha256(link?.searchParams.get('token') ?? ''),
      );
    }
    // Later queue rounds send nothing again.
    await sleep(3_000);
    for (const s of order.signers) expect(await signingLinks(stack, s.email)).toHaveLength(1);
  }, 90_000);

  it('sends each link exactly once when mail hung mid-send and came back', async () => {
    const user = await newConfirmedUser(stack, 'Colgado');
    await setFault(stack, 'mail', 'paused');
    const order = await paidOrder(stack, user, { pendingLinks: true });
    // Sends are held, time out in the sender and are retried.
    await sleep(4_000);
    await setFault(stack, 'mail', 'up');
    await linksSent(stack, user, order.id);
    await sleep(3_000);
    for (const s of order.signers) expect(await signingLinks(stack, s.email)).toHaveLength(1);
  }, 90_000);
});

describe('mail down during a card checkout', () => {
  it("makes the order from Stripe's webhook and sends the links once mail is back", async () => {
    const user = await newConfirmedUser(stack, 'Tarjeta');
    const req = await completeRequest(stack, user);
    const intent = await shop.cardIntent(user, req.id);
    expect(intent.status).toBe(200);
    await setFault(stack, 'mail', 'down');
    await confirmInBrowser(stack, intent.body, GOOD_CARD);
    // The webhook was answered 2xx: the order and its mails were durable by then.
    const succeeded = await delivered(
      stack,
      intent.body.payment_intent_id,
      'payment_intent.succeeded',
    );
    expect(succeeded).toBeTruthy();
    const status = (await shop.cardStatus(user, intent.body.payment_intent_id)).body;
    const orderId = status.order_id ?? '';
    expect(orderId).not.toBe('');
    for (const s of req.signers) expect(await signingLinks(stack, s.email)).toEqual([]);
    // A replay of the webhook while mail is down changes nothing and still answers 2xx.
    expect((await postWebhook(stack, succeeded)).status).toBe(200);

    await setFault(stack, 'mail', 'up');
    await linksSent(stack, user, orderId);
    await sleep(3_000);
    for (const s of req.signers) expect(await signingLinks(stack, s.email)).toHaveLength(1);
  }, 90_000);
});

describe('resend while mail is down', () => {
  it('answers 503 and leaves the working link as it was', async () => {
    const user = await newConfirmedUser(stack, 'Reenvio');
    const order = await paidOrder(stack, user);
    const signer = order.signers[0];
    if (!signer) throw new Error('no signer');
    const [link] = await waitForLinks(stack, signer.email);
    const before = await storedSigner(stack, signer.id);
    expect(before?.token_hash).toBe(sha256(link?.searchParams.get('token') ?? ''));

    await setFault(stack, 'mail', 'down');
    const res = await call('POST', `/api/orders/${order.id}/signers/${signer.id}/resend`, {
      token: user.accessToken,
    });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      error: { code: 'UNAVAILABLE', message: es.orders.resendMailDown },
    });
    // Failed sends do not use up the signer's 5 resends an hour.
    for (let i = 0; i < 5; i++) {
      const more = await call('POST', `/api/orders/${order.id}/signers/${signer.id}/resend`, {
        token: user.accessToken,
      });
      expect(more.status).toBe(503);
    }
    const after = await storedSigner(stack, signer.id);
    expect(after?.token_hash).toBe(before?.token_hash);
    expect(after?.token_expires_at).toBe(before?.token_expires_at);
    expect(after?.link_sent_at).toBe(before?.link_sent_at);

    await setFault(stack, 'mail', 'up');
    const again = await call('POST', `/api/orders/${order.id}/signers/${signer.id}/resend`, {
      token: user.accessToken,
    });
    expect(again.status).toBe(200);
    const links = await waitForLinks(stack, signer.email, 2);
    expect((await storedSigner(stack, signer.id))?.token_hash).toBe(
      sha256(links[1]?.searchParams.get('token') ?? ''),
    );
  }, 60_000);
});

describe('a resend before the first link went out', () => {
  it('sends the new link and never the replaced one', async () => {
    const user = await newConfirmedUser(stack, 'Antes');
    await setFault(stack, 'mail', 'down');
    const order = await paidOrder(stack, user, { pendingLinks: true });
    const signer = order.signers[0];
    if (!signer) throw new Error('no signer');
    await setFault(stack, 'mail', 'up');
    // The customer resends at once; the outbox's pending first mail now carries a dead token.
    const res = await call('POST', `/api/orders/${order.id}/signers/${signer.id}/resend`, {
      token: user.accessToken,
    });
    expect(res.status).toBe(200);
    await linksSent(stack, user, order.id);
    await sleep(3_000);
    const links = await signingLinks(stack, signer.email);
    const held = (await storedSigner(stack, signer.id))?.token_hash;
    // The working link was received. The first mail went too only if the outbox sent it before
    // the resend replaced its token (it was still valid then); a replaced one is never sent.
    expect(links.map((l) => sha256(l.searchParams.get('token') ?? ''))).toContain(held);
    expect(links.length).toBeLessThanOrEqual(2);
  }, 60_000);
});

describe('the outbox sender under contention', () => {
  it('sends each owed mail once when 100 senders race for the same mails', async () => {
    const user = await newConfirmedUser(stack, 'Carrera');
    await setFault(stack, 'mail', 'down');
    const order = await paidOrder(stack, user, { pendingLinks: true });
    const ids = await outboxIdsOfSigners(
      stack,
      order.signers.map((s) => s.id),
    );
    expect(ids).toHaveLength(order.signers.length);

    await setFault(stack, 'mail', 'up');
    const deliver = await senderHere(stack);
    // Each due now: the queue's own sender may be in its backoff, these race it and each other.
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => deliver(ids[i % ids.length] ?? '')),
    );
    const sent = results.filter((r) => r.status === 'fulfilled' && r.value === 'sent');
    expect(sent.length).toBeLessThanOrEqual(ids.length);
    await linksSent(stack, user, order.id);
    await sleep(3_000);
    for (const s of order.signers) expect(await signingLinks(stack, s.email)).toHaveLength(1);
  }, 90_000);
});
