import type { FeatureSubscription } from '../../../../shared/contract/features';

/**
 * Rules of the premium features screen (§2 screen 3, §4, §5): which subscriptions count as
 * active, and what a plan's card offers the viewer.
 */

/** Active means is_active and a period that has not ended (§4: "Access requires …"). */
export function isActiveSubscription(sub: FeatureSubscription, now: number): boolean {
  const end = Date.parse(sub.period_end);
  return sub.is_active && Number.isFinite(end) && end > now;
}

/** The active subscriptions, soonest to end first. */
export function activeSubscriptions(
  subs: readonly FeatureSubscription[],
  now: number,
): FeatureSubscription[] {
  return subs
    .filter((s) => isActiveSubscription(s, now))
    .sort((a, b) => Date.parse(a.period_end) - Date.parse(b.period_end));
}

/** Active subscription by plan id (a plan with one shows Cancel instead of Subscribe). */
export function activeByPlan(
  subs: readonly FeatureSubscription[],
  now: number,
): Map<string, FeatureSubscription> {
  const map = new Map<string, FeatureSubscription>();
  for (const s of activeSubscriptions(subs, now)) if (!map.has(s.plan_id)) map.set(s.plan_id, s);
  return map;
}

/**
 * What a plan card offers:
 *  - wait: the session or the user's data is still loading;
 *  - login: a visitor (subscribing opens the login modal);
 *  - cancel: the user already has it active;
 *  - insufficient: balance below the monthly price (button disabled, 'Créditos insuficientes');
 *  - subscribe.
 */
export type PlanAction = 'wait' | 'login' | 'cancel' | 'insufficient' | 'subscribe';

export function planAction(input: {
  session: 'loading' | 'signedIn' | 'signedOut';
  /** Undefined while the user's subscriptions or wallet are loading. */
  hasActive: boolean | undefined;
  balance: number | undefined;
  cost: number;
}): PlanAction {
  if (input.session === 'loading') return 'wait';
  if (input.session === 'signedOut') return 'login';
  if (input.hasActive === undefined) return 'wait';
  if (input.hasActive) return 'cancel';
  if (input.balance === undefined) return 'wait';
  return input.balance < input.cost ? 'insufficient' : 'subscribe';
}
