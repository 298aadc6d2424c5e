import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { signatureHeader } from './signature.js';

const secret = 'whsec_test_secret_for_unit';
const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded' });

describe('emulator webhook signature', () => {
  it('is accepted by the real stripe.webhooks.constructEvent', () => {
    const event = Stripe.webhooks.constructEvent(payload, signatureHeader(payload, secret), secret);
    expect(event).toMatchObject({ id: 'evt_1', type: 'payment_intent.succeeded' });
  });

  it('matches the SDK test header for the same timestamp', () => {
    const timestamp = 1_700_000_000;
    expect(signatureHeader(payload, secret, timestamp)).toBe(
      Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
    );
  });

  it('fails for a changed body, another secret or an old timestamp', () => {
    const header = signatureHeader(payload, secret);
    expect(() => Stripe.webhooks.constructEvent(`${payload} `, header, secret)).toThrow();
    expect(() => Stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow();
    const old = signatureHeader(payload, secret, Math.floor(Date.now() / 1000) - 3600);
    expect(() => Stripe.webhooks.constructEvent(payload, old, secret)).toThrow(/tolerance/);
  });
});
