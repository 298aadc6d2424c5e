import * as routes from '../../shared/contract/routes/admin.js';
import { packageCreditsExpiry } from '../../shared/rules/credits.js';
import { orgOwner } from '../credits/keys.js';
import { grant, spend } from '../credits/ledger.js';
import { walletView } from '../credits/wallet-view.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { epochSeconds, systemClock } from '../platform/clock.js';
import { httpRoute } from '../platform/http.js';
import { organizationOf } from './organization-of.js';

/**
 * An admin adjusts an organisation's credits ('Billing'): a positive amount is a new lot valid
 * as long as a package's credits (type 'adjustment'), a negative one takes credits back through
 * the ledger's spend, so never below zero ('Créditos insuficientes' otherwise) and never while
 * the wallet owes a debt. The admin's reason is the ledger line; the admin's id is kept as the
 * related entity, for the record. One ledger key per admin click: 100 repeats book it once.
 */
export const handler = httpRoute(
  routes.adjustAdminOrganizationCredits,
  async ({ caller, params, body }) => {
    const admin = mustBeCaller(caller).sub;
    const org = await organizationOf(params.id);
    const owner = orgOwner(org.id);
    const now = () => epochSeconds(systemClock.now());
    const common = {
      ownerId: owner,
      type: 'adjustment' as const,
      description: body.description,
      related_entity_type: 'admin',
      related_entity_id: admin,
      idempotencyKey: `admin-adjust:${org.id}:${body.idempotency_key}`,
    };
    const { entry } =
      body.amount > 0
        ? await grant(
            { ...common, amount: body.amount, expiresAt: packageCreditsExpiry(now()) },
            now,
          )
        : await spend({ ...common, amount: -body.amount }, now);
    return { transaction: entry, wallet: await walletView(owner, now()) };
  },
);
