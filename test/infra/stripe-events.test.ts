import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STRIPE_WEBHOOK_EVENTS } from '../../functions/payments/stripe-events.js';

/**
 * The webhook endpoint an operator registers in Stripe must send every event the code acts on:
 * the deploy steps in the README list exactly STRIPE_WEBHOOK_EVENTS, and the handler has a
 * branch for each (a refund or dispute Stripe never sends would leave credits and orders
 * standing after the money was taken back).
 */
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const handler = readFileSync(
  new URL('../../functions/payments/stripe-webhook.ts', import.meta.url),
  'utf8',
);

describe('the Stripe events the webhook needs', () => {
  it('are all listed in the deploy steps of the README', () => {
    const deploy = readme.slice(readme.indexOf('## Deploying to AWS'));
    const missing = STRIPE_WEBHOOK_EVENTS.filter((e) => !deploy.includes(`\`${e}\``));
    expect(missing).toEqual([]);
  });

  it('each have a branch in the handler', () => {
    for (const e of STRIPE_WEBHOOK_EVENTS) {
      const family = e.startsWith('payment_intent.') ? "'payment_intent.'" : `'${e}'`;
      expect(handler, e).toContain(family);
    }
  });
});
