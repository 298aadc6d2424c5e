import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../ports.js';
import { type StripeHandle, startStripe } from './server.js';

const keys = {
  secretKey: 'sk_test_unit',
  publishableKey: 'pk_test_unit',
  webhookSecret: 'whsec_unit',
};

/** A webhook receiver that fails its first `failFirst` calls, then answers 200. */
let received: { body: string; signature: string }[] = [];
let failFirst = 0;
let receiver: Server;
let emulator: StripeHandle;
let stripe: Stripe;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (failFirst > 0) {
        failFirst--;
        res.writeHead(500).end();
        return;
      }
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['stripe-signature']),
      });
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const hookPort = (receiver.address() as AddressInfo).port;
  const port = await freePort();
  emulator = await startStripe({
    port,
    ...keys,
    webhookUrl: `http://127.0.0.1:${hookPort}/hook`,
    retryDelaysMs: [20, 20],
  });
  stripe = new Stripe(keys.secretKey, {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});

afterAll(async () => {
  await emulator.stop();
  await new Promise((r) => receiver.close(r));
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
};

const confirmAsBrowser = (pi: Stripe.PaymentIntent, number: string, key = keys.publishableKey) =>
  fetch(`${emulator.endpoint}/v1/payment_intents/${pi.id}/confirm`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      client_secret: pi.client_secret as string,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': number,
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': '2040',
      'payment_method_data[card][cvc]': '123',
    }),
  });

describe('stripe emulator through the real SDK', () => {
  it('creates, retrieves and honours Idempotency-Key', async () => {
    const params = { amount: 9990, currency: 'clp', metadata: { package_id: 'basico' } };
    const a = await stripe.paymentIntents.create(params, { idempotencyKey: 'k1' });
    const b = await stripe.paymentIntents.create(params, { idempotencyKey: 'k1' });
    expect(b.id).toBe(a.id);
    expect(a).toMatchObject({
      object: 'payment_intent',
      amount: 9990,
      currency: 'clp',
      status: 'requires_payment_method',
      metadata: { package_id: 'basico' },
    });
    expect(a.client_secret).toMatch(new RegExp(`^${a.id}_secret_`));
    await expect(
      stripe.paymentIntents.create({ ...params, amount: 1 }, { idempotencyKey: 'k1' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
    expect((await stripe.paymentIntents.retrieve(a.id)).id).toBe(a.id);
    await expect(stripe.paymentIntents.retrieve('pi_nope')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('refuses a wrong key and a publishable key for server calls', async () => {
    const wrong = new Stripe('sk_test_wrong', {
      host: '127.0.0.1',
      port: new URL(emulator.endpoint).port,
      protocol: 'http',
    });
    await expect(wrong.paymentIntents.create({ amount: 1, currency: 'clp' })).rejects.toMatchObject(
      { type: 'StripeAuthenticationError', statusCode: 401 },
    );
    const pk = new Stripe(keys.publishableKey, {
      host: '127.0.0.1',
      port: new URL(emulator.endpoint).port,
      protocol: 'http',
    });
    await expect(pk.paymentIntents.create({ amount: 1, currency: 'clp' })).rejects.toMatchObject({
      statusCode: 401,
    });
  });

  it('declines, lets the payment be retried, succeeds, and signs every event', async () => {
    received = [];
    const pi = await stripe.paymentIntents.create({ amount: 4499, currency: 'eur' });
    await expect(
      stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_chargeDeclined' }),
    ).rejects.toMatchObject({ type: 'StripeCardError', statusCode: 402, code: 'card_declined' });
    const afterDecline = await stripe.paymentIntents.retrieve(pi.id);
    expect(afterDecline.status).toBe('requires_payment_method');
    expect(afterDecline.last_payment_error?.message).toBe('Tu tarjeta fue rechazada.');

    const insufficient = await confirmAsBrowser(pi, '4000000000009995');
    expect(insufficient.status).toBe(402);
    expect(await insufficient.json()).toMatchObject({
      error: { type: 'card_error', decline_code: 'insufficient_funds' },
    });
    const processing = await confirmAsBrowser(pi, '4000 0000 0000 0119');
    expect(await processing.json()).toMatchObject({ error: { code: 'processing_error' } });

    const good = await confirmAsBrowser(pi, '4242 4242 4242 4242');
    expect(good.status).toBe(200);
    const body = (await good.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ id: pi.id, status: 'succeeded', amount_received: 4499 });
    expect(body.metadata).toBeUndefined();
    await expect(
      stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' }),
    ).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });

    await until(() => received.some((r) => r.body.includes('payment_intent.succeeded')));
    const types = received.map((r) => {
      const event = Stripe.webhooks.constructEvent(r.body, r.signature, keys.webhookSecret);
      return event.type;
    });
    expect(types).toContain('payment_intent.payment_failed');
    expect(types).toContain('payment_intent.succeeded');
  });

  it('checks the client secret of a browser confirm', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 100, currency: 'clp' });
    const res = await confirmAsBrowser(
      { ...pi, client_secret: `${pi.id}_secret_forged` },
      '4242424242424242',
    );
    expect(res.status).toBe(400);
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('requires_payment_method');
  });

  it('retries a failed delivery, and can drop an object’s webhooks', async () => {
    // Earlier tests' events land first, so only this one meets the failing receiver.
    await until(() => emulator.webhooks.events.every((e) => e.delivered || e.dropped));
    received = [];
    failFirst = 2;
    const pi = await stripe.paymentIntents.create({ amount: 100, currency: 'clp' });
    // The receiver counts the event before its 200 reaches the emulator: wait for the emulator
    // to record the delivery, not for the receiver to see it.
    await until(() => emulator.webhooks.events.some((e) => e.object_id === pi.id && e.delivered));
    expect(received).toHaveLength(1);
    const [sent] = emulator.webhooks.events.filter((e) => e.object_id === pi.id);
    expect(sent?.attempts.map((a) => a.status)).toEqual([500, 500, 200]);

    const lost = await stripe.paymentIntents.create({ amount: 100, currency: 'clp' });
    await fetch(`${emulator.endpoint}/_emulator/drop-webhooks`, {
      method: 'POST',
      body: JSON.stringify({ object: lost.id }),
    });
    await stripe.paymentIntents.confirm(lost.id, { payment_method: 'pm_card_visa' });
    const list = (await (
      await fetch(`${emulator.endpoint}/_emulator/events?object=${lost.id}`)
    ).json()) as { events: { type: string; dropped: boolean }[] };
    expect(list.events.map((e) => [e.type, e.dropped])).toEqual([
      ['payment_intent.created', false],
      ['payment_intent.succeeded', true],
    ]);
  });
});

describe('refunds and disputes', () => {
  it('delivers a recorded event again on demand, signed afresh', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 100, currency: 'clp' });
    await until(() => emulator.webhooks.events.some((e) => e.object_id === pi.id && e.delivered));
    const [event] = emulator.webhooks.events.filter((e) => e.object_id === pi.id);
    received = [];
    const res = await fetch(`${emulator.endpoint}/_emulator/deliver`, {
      method: 'POST',
      body: JSON.stringify({ id: event?.id }),
    });
    expect(await res.json()).toEqual({ id: event?.id, status: 200 });
    expect(received).toHaveLength(1);
    const again = Stripe.webhooks.constructEvent(
      received[0]?.body ?? '',
      received[0]?.signature ?? '',
      keys.webhookSecret,
    );
    expect(again.id).toBe(event?.id);
  });

  const paid = async (amount = 9990) => {
    const pi = await stripe.paymentIntents.create({ amount, currency: 'clp' });
    return stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' });
  };
  const eventsAbout = async (pi: string) =>
    (
      (await (await fetch(`${emulator.endpoint}/_emulator/events?object=${pi}`)).json()) as {
        events: { type: string; payload: string; payment_intent: string | null }[];
      }
    ).events;
  const door = (path: string, body: unknown) =>
    fetch(`${emulator.endpoint}/_emulator/${path}`, { method: 'POST', body: JSON.stringify(body) });

  it('refunds a payment in parts, then refuses more than what is left', async () => {
    const pi = await paid(9990);
    const part = await stripe.refunds.create(
      { payment_intent: pi.id, amount: 990, reason: 'requested_by_customer', metadata: { a: 'b' } },
      { idempotencyKey: 'r1' },
    );
    expect(part).toMatchObject({
      object: 'refund',
      amount: 990,
      currency: 'clp',
      payment_intent: pi.id,
      charge: pi.latest_charge,
      reason: 'requested_by_customer',
      metadata: { a: 'b' },
      status: 'succeeded',
    });
    // The same key answers the same refund, and refunds nothing more.
    const again = await stripe.refunds.create(
      { payment_intent: pi.id, amount: 990, reason: 'requested_by_customer', metadata: { a: 'b' } },
      { idempotencyKey: 'r1' },
    );
    expect(again.id).toBe(part.id);
    await expect(
      stripe.refunds.create({ payment_intent: pi.id, amount: 9001 }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'amount_too_large' });
    const rest = await stripe.refunds.create({ payment_intent: pi.id });
    expect(rest.amount).toBe(9000);
    await expect(stripe.refunds.create({ payment_intent: pi.id })).rejects.toMatchObject({
      statusCode: 400,
      code: 'charge_already_refunded',
    });
    expect((await stripe.refunds.retrieve(part.id)).amount).toBe(990);

    await until(() => received.filter((r) => r.body.includes(rest.id)).length >= 1);
    const refunded = (await eventsAbout(pi.id)).filter((e) => e.type === 'charge.refunded');
    expect(refunded).toHaveLength(2);
    const last = JSON.parse(refunded[1]?.payload ?? '{}').data.object;
    expect(last).toMatchObject({
      object: 'charge',
      payment_intent: pi.id,
      amount_refunded: 9990,
      refunded: true,
    });
    expect((await eventsAbout(pi.id)).map((e) => e.type)).toContain('refund.created');
  });

  it('refuses a refund of an unpaid intent, an unknown one, a bad reason and a publishable key', async () => {
    const open = await stripe.paymentIntents.create({ amount: 100, currency: 'clp' });
    await expect(stripe.refunds.create({ payment_intent: open.id })).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(stripe.refunds.create({ payment_intent: 'pi_nope' })).rejects.toMatchObject({
      statusCode: 404,
    });
    const pi = await paid(100);
    await expect(
      stripe.refunds.create({ payment_intent: pi.id, reason: 'porque' as 'duplicate' }),
    ).rejects.toMatchObject({ statusCode: 400 });
    const pk = new Stripe(keys.publishableKey, {
      host: '127.0.0.1',
      port: new URL(emulator.endpoint).port,
      protocol: 'http',
    });
    await expect(pk.refunds.create({ payment_intent: pi.id })).rejects.toMatchObject({
      statusCode: 401,
    });
  });

  it('fails refunds on demand with a retryable 500 that the key does not keep', async () => {
    const pi = await paid(500);
    await door('fail-refunds', { payment_intent: pi.id, times: 1 });
    await expect(
      stripe.refunds.create({ payment_intent: pi.id }, { idempotencyKey: `refund:${pi.id}` }),
    ).rejects.toMatchObject({ statusCode: 500, type: 'StripeAPIError' });
    const ok = await stripe.refunds.create(
      { payment_intent: pi.id },
      { idempotencyKey: `refund:${pi.id}` },
    );
    expect(ok).toMatchObject({ amount: 500, status: 'succeeded' });
  });

  it('sends charge.dispute.created for a disputed payment', async () => {
    const pi = await paid(700);
    const res = await door('disputes', { payment_intent: pi.id });
    expect(res.status).toBe(200);
    const dispute = (await res.json()) as { id: string };
    await until(() => received.some((r) => r.body.includes(dispute.id)));
    const [event] = (await eventsAbout(pi.id)).filter((e) => e.type === 'charge.dispute.created');
    expect(JSON.parse(event?.payload ?? '{}').data.object).toMatchObject({
      object: 'dispute',
      payment_intent: pi.id,
      charge: pi.latest_charge,
      amount: 700,
    });
  });
});
