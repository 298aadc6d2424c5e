import * as routes from '../../shared/contract/routes/notary.js';
import { contextRoute } from '../organizations/acting-as.js';
import { systemClock } from '../platform/clock.js';
import { startReview, takeDocument } from './actions.js';
import { assignmentView } from './assignment-view.js';
import { approve } from './decide.js';
import { notaryOf } from './notary-context.js';
import { getNotarySettings } from './settings-repo.js';

/** POST /api/notary/action (§7): the notary's move on one of its assignments. */
export const handler = contextRoute(routes.notaryAction, async ({ acting, body }) => {
  const orgId = notaryOf(acting);
  const now = systemClock.now();
  const input = { orgId, sub: acting.sub, assignmentId: body.assignment_id, now };
  const moved =
    body.action === 'take_document'
      ? await takeDocument(input)
      : body.action === 'start_review'
        ? await startReview(input)
        : await approve(input);
  return { assignment: assignmentView(moved, await getNotarySettings(orgId), now) };
});
