import * as routes from '../../shared/contract/routes/notary.js';
import { notaryEs } from '../../shared/messages/notary.es.js';
import { getOrder } from '../orders/repo.js';
import { orderViewOf } from '../orders/service.js';
import { contextRoute } from '../organizations/acting-as.js';
import { systemClock } from '../platform/clock.js';
import { notFound } from '../platform/errors.js';
import { activityOf } from '../signing/activity-view.js';
import { withFileLinks } from '../signing/file-links.js';
import { assignmentView } from './assignment-view.js';
import { getAssignment } from './assignments-repo.js';
import { notaryOf } from './notary-context.js';
import { getNotarySettings } from './settings-repo.js';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The notary's document page: one of ITS assignments (the context's notary; one that went to
 * another notary is no longer its to read: 404, as an unknown id) with the order as its customer
 * sees it, the file links and the audit trail.
 */
export const handler = contextRoute(routes.getNotaryAssignment, async ({ acting, params }) => {
  const orgId = notaryOf(acting);
  const id = params.id ?? '';
  const a = ID.test(id) ? await getAssignment(id) : undefined;
  if (!a || a.notary_org_id !== orgId || a.status === 'reassigned') {
    throw notFound(notaryEs.notFound);
  }
  const now = systemClock.now();
  const [record, settings] = await Promise.all([getOrder(a.order_id), getNotarySettings(orgId)]);
  if (!record) throw notFound(notaryEs.notFound);
  const [order, activity] = await Promise.all([
    orderViewOf(record, now).then((view) =>
      withFileLinks(view, record, Math.floor(now.getTime() / 1000)),
    ),
    activityOf(record),
  ]);
  return { assignment: assignmentView(a, settings, now), order, activity };
});
