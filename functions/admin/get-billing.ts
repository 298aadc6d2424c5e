import * as routes from '../../shared/contract/routes/admin.js';
import { orgOwner } from '../credits/keys.js';
import { listTransactions } from '../credits/ledger-read.js';
import { walletView } from '../credits/wallet-view.js';
import { publicOrganization } from '../organizations/member-access.js';
import { epochSeconds, systemClock } from '../platform/clock.js';
import { httpRoute } from '../platform/http.js';
import { organizationOf } from './organization-of.js';

/**
 * 'Billing' of an organisation (screen 17's button; /billing?organization={id}): its wallet as
 * its members see it and its ledger, a page at a time, newest first. Active or not: a
 * deactivated organisation's credits are still accounted for.
 */
export const handler = httpRoute(routes.getAdminOrganizationBilling, async ({ params, q }) => {
  const org = await organizationOf(params.id);
  const owner = orgOwner(org.id);
  const [wallet, page] = await Promise.all([
    walletView(owner, epochSeconds(systemClock.now())),
    listTransactions(owner, { limit: 20, cursor: q.cursor }),
  ]);
  return {
    organization: publicOrganization(org),
    wallet,
    transactions: page.transactions,
    next_cursor: page.nextCursor,
  };
});
