import * as routes from '../../shared/contract/routes/credits.js';
import { creditsEs } from '../../shared/messages/credits.es.js';
import { serviceCost } from '../../shared/rules/credits.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { epochSeconds, systemClock } from '../platform/clock.js';
import { notFound } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';
import { userOwner } from './keys.js';
import { spend } from './ledger.js';
import { cachedActiveRule } from './rule-cache.js';

/** One use of a credit service: the price comes from the consumption rule, never the client. */
export const handler = httpRoute(routes.useCreditService, async ({ caller, body }) => {
  const rule = await cachedActiveRule(body.service_name);
  if (!rule) throw notFound(creditsEs.serviceError);
  const owner = userOwner(mustBeCaller(caller).sub);
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
