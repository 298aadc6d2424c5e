import * as routes from '../../shared/contract/routes/notary.js';
import { averageMinutes, successRate } from '../../shared/rules/assignment.js';
import { contextRoute } from '../organizations/acting-as.js';
import { publicOrganization } from '../organizations/member-access.js';
import { getOrganization } from '../organizations/repo.js';
import { notFound } from '../platform/errors.js';
import { notaryOf } from './notary-context.js';
import { notarialServices, regionOptions } from './service-names.js';
import { getNotarySettings } from './settings-repo.js';

/** The dashboard's 'Métricas' tab (screen 16): the notary's totals and its settings. */
export const handler = contextRoute(routes.getNotaryMetrics, async ({ acting }) => {
  const orgId = notaryOf(acting);
  const [org, s, services] = await Promise.all([
    getOrganization(orgId),
    getNotarySettings(orgId),
    notarialServices(),
  ]);
  if (!org) throw notFound();
  return {
    organization: publicOrganization(org),
    total_received: s.received,
    total_processed: s.processed,
    average_minutes: averageMinutes(s.processing_minutes_sum, s.processed),
    success_rate: successRate(s.received, s.processed),
    settings: {
      services_offered: s.services_offered,
      regions: s.regions,
      assignment_weight: s.assignment_weight,
      take_minutes: s.take_minutes,
      process_minutes: s.process_minutes,
      max_open: s.max_open,
      active: s.active,
      open_assignments: s.open_assignments,
      updated_at: s.updated_at,
    },
    services,
    regions: regionOptions(),
  };
});
