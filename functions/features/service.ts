import { randomUUID } from 'node:crypto';
import type { FeatureSubscription } from '../../shared/contract/features.js';
import { apiEs } from '../../shared/messages/api.es.js';
import { availabilityEs } from '../../shared/messages/availability.es.js';
import { creditsEs } from '../../shared/messages/credits.es.js';
import { addMonths } from '../../shared/rules/credits.js';
import { findActiveFeaturePlan } from '../catalog/repo.js';
import { spend } from '../credits/ledger.js';
import { AppError, notFound } from '../platform/errors.js';
import { logger } from '../platform/logger.js';
import {
  cancelSubscription,
  dueForRenewal,
  getSubscription,
  hasAccess,
  newSubscriptionPut,
  recordRenewalAttempt,
  renewalUpdate,
  toSubscription,
} from './repo.js';

const iso = (epoch: number) => new Date(epoch * 1000).toISOString();

/**
 * Subscribes to a feature plan for one month (§4): the month's credits and the subscription are
 * one transaction, so there is never a paid month without a subscription or the reverse.
 */
export async function subscribe(
  ownerId: string,
  planId: string,
  idempotencyKey: string,
  nowEpoch: () => number,
): Promise<{ subscription: FeatureSubscription; balance: number }> {
  const plan = await findActiveFeaturePlan(planId);
  if (!plan) throw notFound(creditsEs.subscribeError);
  // Nothing to use yet (issue 21): no month is charged for it.
  if (!plan.available) throw new AppError('BUSINESS_RULE', availabilityEs.featureComingSoon);
  const now = nowEpoch();
  const periodEnd = addMonths(now, 1);
  const sub: FeatureSubscription = {
    id: randomUUID(),
    plan_id: plan.id,
    feature_type: plan.feature_type,
    plan: plan.name,
    is_active: true,
    auto_renew: true,
    credits_per_period: plan.credits_per_month,
    period_start: iso(now),
    period_end: iso(periodEnd),
    next_renewal_date: iso(periodEnd),
    last_renewal_attempt: null,
  };
  const { entry, replayed } = await spend(
    {
      ownerId,
      amount: plan.credits_per_month,
      description: `${creditsEs.featuresTitle}: ${plan.name}`,
      related_entity_type: 'feature_subscription',
      related_entity_id: sub.id,
      idempotencyKey: `feature:${idempotencyKey}`,
    },
    () => now,
    {
      items: [newSubscriptionPut(ownerId, sub, periodEnd, now)],
      onConditionFailed: () => new AppError('CONFLICT', creditsEs.alreadySubscribed),
    },
  );
  if (replayed) {
    // The same request again: answer what exists now.
    const current = await getSubscription(ownerId, plan.feature_type);
    if (current)
      return { subscription: toSubscription(current), balance: entry.balance_after_transaction };
  }
  return { subscription: sub, balance: entry.balance_after_transaction };
}

/** Access check other domains call (e.g. the wizard's saved signers). */
export async function checkAccess(ownerId: string, featureType: string, now: number) {
  const s = await getSubscription(ownerId, featureType);
  return {
    feature_type: featureType,
    has_access: s ? hasAccess(s, now) : false,
    period_end: s && hasAccess(s, now) ? s.period_end : null,
  };
}

/**
 * The renewal job (§4): for each subscription due, with auto-renew on, consume the period's
 * credits and move the period forward a month, or only record the attempt when credits are
 * short. Safe to run twice: the idempotency key is the subscription and the period it renews.
 */
export async function renewDue(
  nowEpoch: () => number,
): Promise<{ renewed: number; short: number }> {
  let renewed = 0;
  let short = 0;
  for (const due of await dueForRenewal(nowEpoch())) {
    const s = await getSubscription(due.ownerId, due.featureType);
    const now = nowEpoch();
    if (!s?.is_active || !s.auto_renew || s.period_end_epoch > now) continue;
    // A feature with nothing to use (issue 21) is not charged again: its renewal stops.
    const plan = await findActiveFeaturePlan(s.plan_id);
    if (plan && !plan.available) {
      await cancelSubscription(s.owner_id, s.id);
      continue;
    }
    const newEnd = addMonths(s.period_end_epoch, 1);
    try {
      const { replayed } = await spend(
        {
          ownerId: s.owner_id,
          amount: s.credits_per_period,
          description: `${creditsEs.featuresTitle}: ${s.plan} (renovación)`,
          related_entity_type: 'feature_subscription',
          related_entity_id: s.id,
          idempotencyKey: `renew:${s.id}:${s.period_end_epoch}`,
        },
        () => now,
        {
          items: [renewalUpdate(s, newEnd, now)],
          onConditionFailed: () => new AppError('CONFLICT', apiEs.conflict),
        },
      );
      // Two runs at once renew once: the one that finds the key already spent counts nothing.
      if (!replayed) renewed++;
    } catch (err) {
      if (err instanceof AppError && err.code === 'INSUFFICIENT_CREDITS') {
        await recordRenewalAttempt(s, now);
        short++;
      } else if (err instanceof AppError && err.code === 'CONFLICT') {
        // Cancelled or renewed by someone else meanwhile: nothing to do.
      } else {
        logger.error('feature renewal failed', err as Error);
        throw err;
      }
    }
  }
  return { renewed, short };
}
