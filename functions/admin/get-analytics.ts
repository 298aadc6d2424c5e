import * as routes from '../../shared/contract/routes/admin.js';
import { ANALYTICS_MONTHS, monthlyAnalytics } from '../../shared/rules/organizations.js';
import {
  addSantiagoMonths,
  santiagoParts,
  startOfSantiagoMonth,
} from '../../shared/rules/santiago-time.js';
import { organizationHistory } from '../orders/access.js';
import { listOrderSummaries } from '../orders/repo.js';
import { activeMembers, publicOrganization } from '../organizations/member-access.js';
import { systemClock } from '../platform/clock.js';
import { httpRoute } from '../platform/http.js';
import { organizationOf } from './organization-of.js';

/** 'YYYY-MM' of an instant on Santiago's calendar. */
const monthOf = (at: string | Date) => {
  const p = santiagoParts(typeof at === 'string' ? new Date(at) : at);
  return `${p.year}-${String(p.month).padStart(2, '0')}`;
};

/**
 * 'Analytics' of an organisation (screen 17's button; /analytics?organization={id}): its last
 * six Santiago months from one key-range query of its order history (the list's fields only).
 */
export const handler = httpRoute(routes.getAdminOrganizationAnalytics, async ({ params }) => {
  const org = await organizationOf(params.id);
  const first = addSantiagoMonths(startOfSantiagoMonth(systemClock.now()), 1 - ANALYTICS_MONTHS);
  const months = Array.from({ length: ANALYTICS_MONTHS }, (_, i) =>
    monthOf(addSantiagoMonths(first, i)),
  );
  const [orders, members] = await Promise.all([
    listOrderSummaries(organizationHistory(org.id), first.toISOString()),
    activeMembers(org.id),
  ]);
  return {
    organization: publicOrganization(org),
    members: members.length,
    months: monthlyAnalytics(orders, months, monthOf),
  };
});
