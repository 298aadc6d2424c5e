import * as features from '../features.js';
import { route } from '../route-def.js';

/**
 * Routes of the features domain (the whole table is ../routes.ts). Handlers import their
 * route from here, so a Lambda bundles only its own domain's schemas.
 */

export const listFeaturePlans = route({
  id: 'listFeaturePlans',
  method: 'GET',
  path: '/api/features/plans',
  auth: 'public',
  handler: 'features/list-plans',
  summary: 'Active premium feature plans in display order',
  access: { table: 'read' },
  response: features.listFeaturePlansResponse,
});

export const listFeatureSubscriptions = route({
  id: 'listFeatureSubscriptions',
  method: 'GET',
  path: '/api/features/subscriptions',
  auth: 'user',
  workContext: true,
  handler: 'features/list-subscriptions',
  summary: "The caller's feature subscriptions",
  access: { table: 'read' },
  response: features.listFeatureSubscriptionsResponse,
});

export const subscribeFeature = route({
  id: 'subscribeFeature',
  method: 'POST',
  path: '/api/features/subscriptions',
  auth: 'user',
  workContext: true,
  handler: 'features/subscribe',
  summary: 'Subscribes to a feature plan for one month, paid in credits (idempotent by key)',
  access: { table: 'write' },
  request: features.subscribeFeatureRequest,
  response: features.subscribeFeatureResponse,
});

export const cancelFeatureSubscription = route({
  id: 'cancelFeatureSubscription',
  method: 'POST',
  path: '/api/features/subscriptions/{id}/cancel',
  auth: 'user',
  workContext: true,
  handler: 'features/cancel',
  summary: "Cancels one of the caller's feature subscriptions (is_active and auto_renew off)",
  access: { table: 'write' },
  response: features.featureSubscriptionSchema,
});

export const getFeatureAccess = route({
  id: 'getFeatureAccess',
  method: 'GET',
  path: '/api/features/access/{featureType}',
  auth: 'user',
  workContext: true,
  handler: 'features/get-access',
  summary: 'Whether the caller may use a feature now (active and period_end in the future)',
  access: { table: 'read' },
  response: features.featureAccessResponse,
});
