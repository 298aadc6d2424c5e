import * as routes from '../../shared/contract/routes/organizations.js';
import { monthFigures } from '../../shared/rules/organizations.js';
import { startOfSantiagoMonth } from '../../shared/rules/santiago-time.js';
import { orgOwner } from '../credits/keys.js';
import { readWallet } from '../credits/ledger.js';
import { organizationHistory } from '../orders/access.js';
import { listOrderSummaries } from '../orders/repo.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { systemClock } from '../platform/clock.js';
import { httpRoute } from '../platform/http.js';
import { activeMembers, memberAccess } from './member-access.js';

/**
 * `/organization-dashboard` (screen 15, with real figures): any active member sees the
 * organisation's figures (counts and sums; the orders themselves stay visible by role, see
 * orders/access.ts). This month is Santiago's calendar month; its orders are one key-range
 * query of the organisation's history, the list's fields only.
 */
export const handler = httpRoute(routes.getOrganizationDashboard, async ({ caller, params }) => {
  const id = params.id ?? '';
  const { membership, organization } = await memberAccess(id, mustBeCaller(caller));
  const from = startOfSantiagoMonth(systemClock.now()).toISOString();
  const [wallet, members, month] = await Promise.all([
    readWallet(orgOwner(id)),
    activeMembers(id),
    listOrderSummaries(organizationHistory(id), from),
  ]);
  const figures = monthFigures(month);
  const { created_by: _by, ...view } = organization;
  return {
    organization: view,
    role: membership.role,
    figures: {
      credits: wallet?.balance ?? 0,
      documents_this_month: figures.documents,
      members: members.length,
      average_per_document: figures.average,
    },
  };
});
