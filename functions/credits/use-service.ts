import * as routes from '../../shared/contract/routes/credits.js';
import { availabilityEs } from '../../shared/messages/availability.es.js';
import { creditsEs } from '../../shared/messages/credits.es.js';
import { creditServiceUse } from '../../shared/rules/availability.js';
import { serviceCost } from '../../shared/rules/credits.js';
import { contextRoute } from '../organizations/acting-as.js';
import { epochSeconds, systemClock } from '../platform/clock.js';
import { AppError, notFound } from '../platform/errors.js';
import { spend } from './ledger.js';
import { cachedActiveRule } from './rule-cache.js';

/** Why a service cannot be charged on its own card: nothing is taken without delivering. */
const REFUSALS = {
  analysis: availabilityEs.creditServiceInAnalysis,
  wizard: availabilityEs.creditServiceInWizard,
} as const;

/**
 * One use of a credit service used directly: the price comes from the consumption rule, never
 * the client. A service not available yet, or consumed by another feature (the analysis, the
 * wizard's order, which charge for themselves), is refused with 422 and nothing is spent.
 */
export const handler = contextRoute(routes.useCreditService, async ({ acting, body }) => {
  const rule = await cachedActiveRule(body.service_name);
  if (!rule) throw notFound(creditsEs.serviceError);
  if (!rule.available) throw new AppError('BUSINESS_RULE', availabilityEs.creditServiceComingSoon);
  const use = creditServiceUse(rule.service_name);
  if (use !== 'direct') throw new AppError('BUSINESS_RULE', REFUSALS[use]);
  const owner = acting.ownerId;
  const { entry } = await spend(
    {
      ownerId: owner,
      amount: serviceCost(rule.credits_per_unit, body.quantity),
      description: `${creditsEs.serviceNames[rule.service_name]} × ${body.quantity}`,
      related_entity_type: 'credit_service',
      related_entity_id: rule.service_name,
      idempotencyKey: `service:${body.idempotency_key}`,
    },
    () => epochSeconds(systemClock.now()),
  );
  return { transaction: entry, balance: entry.balance_after_transaction };
});
