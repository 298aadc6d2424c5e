import { describe, expect, it } from 'vitest';
import type { FeatureSubscription } from '../../../../shared/contract/features';
import {
  activeByPlan,
  activeSubscriptions,
  isActiveSubscription,
  planAction,
} from './featureRules';

const NOW = Date.parse('2026-06-15T12:00:00Z');

const sub = (over: Partial<FeatureSubscription>): FeatureSubscription => ({
  id: 's1',
  plan_id: 'legal-advisory',
  feature_type: 'legal_advisory',
  plan: 'Asesoría Legal',
  is_active: true,
  auto_renew: true,
  credits_per_period: 50,
  period_start: '2026-06-01T00:00:00Z',
  period_end: '2026-07-01T00:00:00Z',
  next_renewal_date: '2026-07-01T00:00:00Z',
  last_renewal_attempt: null,
  ...over,
});

describe('active feature subscriptions', () => {
  it('needs is_active and a period that has not ended', () => {
    expect(isActiveSubscription(sub({}), NOW)).toBe(true);
    expect(isActiveSubscription(sub({ is_active: false }), NOW)).toBe(false);
    expect(isActiveSubscription(sub({ period_end: '2026-06-15T11:59:59Z' }), NOW)).toBe(false);
    expect(isActiveSubscription(sub({ period_end: 'garbage' }), NOW)).toBe(false);
  });

  it('lists the active ones, soonest to end first, and indexes them by plan', () => {
    const list = [
      sub({ id: 'a', plan_id: 'p1', period_end: '2026-08-01T00:00:00Z' }),
      sub({ id: 'b', plan_id: 'p2', period_end: '2026-07-01T00:00:00Z' }),
      sub({ id: 'c', plan_id: 'p3', is_active: false }),
    ];
    expect(activeSubscriptions(list, NOW).map((s) => s.id)).toEqual(['b', 'a']);
    const byPlan = activeByPlan(list, NOW);
    expect([...byPlan.keys()].sort()).toEqual(['p1', 'p2']);
    expect(byPlan.get('p1')?.id).toBe('a');
  });
});

describe('what a plan card offers', () => {
  const base = { hasActive: false, balance: 100, cost: 50 } as const;
  it('asks visitors to log in and waits while the session loads', () => {
    expect(planAction({ ...base, session: 'signedOut' })).toBe('login');
    expect(planAction({ ...base, session: 'loading' })).toBe('wait');
  });

  it('offers cancel for an active plan, else subscribe when the balance covers a month', () => {
    expect(planAction({ ...base, session: 'signedIn', hasActive: true })).toBe('cancel');
    expect(planAction({ ...base, session: 'signedIn' })).toBe('subscribe');
    expect(planAction({ ...base, session: 'signedIn', balance: 50 })).toBe('subscribe');
    expect(planAction({ ...base, session: 'signedIn', balance: 49 })).toBe('insufficient');
  });

  it('waits for the subscriptions and the wallet before deciding', () => {
    expect(planAction({ ...base, session: 'signedIn', hasActive: undefined })).toBe('wait');
    expect(planAction({ ...base, session: 'signedIn', balance: undefined })).toBe('wait');
  });
});
