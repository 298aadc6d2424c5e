import * as routes from '../../shared/contract/routes/notary.js';
import { contextRoute } from '../organizations/acting-as.js';
import { systemClock } from '../platform/clock.js';
import { assignmentView } from './assignment-view.js';
import { countSince, listQueue } from './assignments-repo.js';
import { notaryOf } from './notary-context.js';
import { getNotarySettings } from './settings-repo.js';

const PAGE = 20;
const MINUTE = 60_000;

/**
 * `/notary-dashboard`'s tab (screen 16): a page of one tab of the notary's queue, newest first,
 * and the counters. The tab totals are the notary's counters (moved in the assignments' own
 * transactions); 'Atrasados' is two key-range counts of the late ones only (keys.ts).
 */
export const handler = contextRoute(routes.listNotaryAssignments, async ({ acting, q }) => {
  const orgId = notaryOf(acting);
  const now = systemClock.now();
  const settings = await getNotarySettings(orgId);
  const before = (minutes: number) => new Date(now.getTime() - minutes * MINUTE).toISOString();
  const [page, lateToTake, lateToProcess] = await Promise.all([
    listQueue(orgId, q.group, { limit: PAGE, cursor: q.cursor }),
    countSince(orgId, 'pending', before(settings.take_minutes)),
    countSince(orgId, 'processing', before(settings.process_minutes)),
  ]);
  const pending = Math.max(0, settings.count_pending);
  const processing = Math.max(0, settings.count_processing);
  const completed = Math.max(0, settings.count_completed);
  return {
    assignments: page.assignments.map((a) => assignmentView(a, settings, now)),
    next_cursor: page.nextCursor,
    counters: {
      total: pending + processing + completed,
      pending,
      processing,
      completed,
      overdue: lateToTake + lateToProcess,
    },
  };
});
