import * as z from 'zod/mini';
import { idempotencyKeyField } from './credits.js';

/** Premium features paid in credits (credits-signing-admin §2 screen 3, §3, §4). */

export const featurePlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  feature_type: z.string(),
  credits_per_month: z.int(),
  benefits: z.array(z.string()),
  sort_order: z.int(),
  /** Something to use exists (issue 21); false: 'Próximamente', and subscribing is refused. */
  available: z.boolean(),
});
export type FeaturePlan = z.infer<typeof featurePlanSchema>;

export const listFeaturePlansResponse = z.object({ plans: z.array(featurePlanSchema) });

export const featureSubscriptionSchema = z.object({
  id: z.string(),
  plan_id: z.string(),
  feature_type: z.string(),
  plan: z.string(),
  is_active: z.boolean(),
  auto_renew: z.boolean(),
  credits_per_period: z.int(),
  period_start: z.string(),
  period_end: z.string(),
  next_renewal_date: z.nullable(z.string()),
  last_renewal_attempt: z.nullable(z.string()),
});
export type FeatureSubscription = z.infer<typeof featureSubscriptionSchema>;

export const listFeatureSubscriptionsResponse = z.object({
  subscriptions: z.array(featureSubscriptionSchema),
});

export const subscribeFeatureRequest = z.strictObject({
  plan_id: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  idempotency_key: idempotencyKeyField,
});

export const subscribeFeatureResponse = z.object({
  subscription: featureSubscriptionSchema,
  balance: z.int(),
});

export const featureAccessResponse = z.object({
  feature_type: z.string(),
  has_access: z.boolean(),
  period_end: z.nullable(z.string()),
});
