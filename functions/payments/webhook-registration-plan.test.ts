import { describe, expect, it } from 'vitest';
import { STRIPE_WEBHOOK_EVENTS } from './stripe-events.js';
import {
  type EndpointView,
  missingEvents,
  planRegistration,
  registrationProblem,
} from './webhook-registration-plan.js';

const url = 'https://sello.cl/api/payments/webhook';
const required = STRIPE_WEBHOOK_EVENTS;
const endpoint = (over: Partial<EndpointView> = {}): EndpointView => ({
  id: 'we_own',
  url,
  enabled_events: [...required],
  status: 'enabled',
  ...over,
});

describe('missingEvents', () => {
  it('names each handled event the endpoint would not send', () => {
    expect(missingEvents(['payment_intent.succeeded'], required)).toEqual([
      'payment_intent.payment_failed',
      'charge.refunded',
      'charge.dispute.created',
    ]);
    expect(missingEvents([...required, 'customer.created'], required)).toEqual([]);
    expect(missingEvents(['*'], required)).toEqual([]);
  });
});

describe('planRegistration', () => {
  it('creates an endpoint when the account has none for the URL', () => {
    const others = [endpoint({ id: 'we_other', url: 'https://other.example/hook' })];
    expect(planRegistration({ endpoints: others, url, required, haveSecret: true })).toEqual({
      action: 'create',
    });
  });

  it('keeps its own endpoint that sends exactly the handled events', () => {
    const plan = planRegistration({
      endpoints: [endpoint()],
      url,
      required,
      ownEndpointId: 'we_own',
      haveSecret: true,
    });
    expect(plan).toEqual({ action: 'keep', id: 'we_own' });
  });

  it('updates its own endpoint that misses the refund and dispute events, is disabled, or sends more', () => {
    for (const over of [
      { enabled_events: ['payment_intent.succeeded', 'payment_intent.payment_failed'] },
      { status: 'disabled' },
      { enabled_events: [...required, 'customer.created'] },
    ]) {
      const plan = planRegistration({
        endpoints: [endpoint(over)],
        url,
        required,
        ownEndpointId: 'we_own',
        haveSecret: true,
      });
      expect(plan, JSON.stringify(over)).toEqual({ action: 'update', id: 'we_own' });
    }
  });

  it('recreates an endpoint for the URL whose signing secret the stack does not hold', () => {
    // Made by hand before the deploy registered it: Stripe never shows its secret again.
    expect(planRegistration({ endpoints: [endpoint()], url, required, haveSecret: true })).toEqual({
      action: 'recreate',
      id: 'we_own',
    });
    // Its own endpoint, but the secret was lost.
    expect(
      planRegistration({
        endpoints: [endpoint()],
        url,
        required,
        ownEndpointId: 'we_own',
        haveSecret: false,
      }),
    ).toEqual({ action: 'recreate', id: 'we_own' });
  });
});

describe('registrationProblem', () => {
  it('passes an enabled endpoint at the URL sending every handled event', () => {
    expect(registrationProblem(endpoint(), url, required)).toBeUndefined();
    expect(registrationProblem(endpoint({ enabled_events: ['*'] }), url, required)).toBeUndefined();
  });

  it('fails the deploy naming the missing events, a disabled endpoint or another URL', () => {
    const problem = registrationProblem(
      endpoint({
        status: 'disabled',
        enabled_events: ['payment_intent.succeeded', 'payment_intent.payment_failed'],
      }),
      url,
      required,
    );
    expect(problem).toBe(
      'Stripe webhook endpoint we_own is disabled; does not send charge.refunded, charge.dispute.created',
    );
    expect(registrationProblem(endpoint({ url: 'https://old.example/h' }), url, required)).toMatch(
      /points at https:\/\/old\.example\/h/,
    );
  });
});
