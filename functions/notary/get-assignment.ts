import * as routes from '../../shared/contract/routes/notary.js';
import { orderViewOf } from '../orders/service.js';
import { contextRoute } from '../organizations/acting-as.js';
import { systemClock } from '../platform/clock.js';
import { withFileLinks } from '../signing/delivery/file-links.js';
import { activityOf } from '../signing/trail/activity-view.js';
import { assignmentView } from './assignment-view.js';
import { notaryOf } from './notary-context.js';
import { ownAssignmentWithOrder } from './own-open-assignment.js';
import { getNotarySettings } from './settings-repo.js';

/**
 * The notary's document page: one of ITS assignments (one that went to another notary is no
 * longer its to read) with the order as its customer sees it, the file links and the trail.
 */
export const handler = contextRoute(routes.getNotaryAssignment, async ({ acting, params }) => {
  const orgId = notaryOf(acting);
  const { a, order: record } = await ownAssignmentWithOrder(orgId, params.id);
  const now = systemClock.now();
  const [settings, order, activity] = await Promise.all([
    getNotarySettings(orgId),
    orderViewOf(record, now).then((view) =>
      withFileLinks(view, record, Math.floor(now.getTime() / 1000)),
    ),
    activityOf(record),
  ]);
  return { assignment: assignmentView(a, settings, now), order, activity };
});
