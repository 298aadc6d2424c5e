import * as routes from '../../shared/contract/routes/notary.js';
import type { RejectionReason } from '../../shared/messages/notary-rejection.es.js';
import { contextRoute } from '../organizations/acting-as.js';
import { systemClock } from '../platform/clock.js';
import { startReview, takeDocument } from './actions.js';
import { assignmentView } from './assignment-view.js';
import { approve } from './decide.js';
import { notarize } from './notarize.js';
import { notaryOf } from './notary-context.js';
import { reject } from './reject.js';
import { getNotarySettings } from './settings-repo.js';

/** POST /api/notary/action (§7): the notary's move on one of its assignments. */
export const handler = contextRoute(routes.notaryAction, async ({ acting, body }) => {
  const orgId = notaryOf(acting);
  const now = systemClock.now();
  const input = { orgId, sub: acting.sub, assignmentId: body.assignment_id, now };
  const moved = await (() => {
    switch (body.action) {
      case 'take_document':
        return takeDocument(input);
      case 'start_review':
        return startReview(input);
      case 'approve':
        return approve(input);
      case 'reject':
        return reject({
          ...input,
          reasonCode: body.reason_code as RejectionReason,
          reasonDetail: body.reason_detail,
        });
      case 'notarize':
        return notarize({
          ...input,
          uploadId: body.upload_id,
          repertorio: body.repertorio,
          actDate: body.act_date,
          notaryName: body.notary_name,
        });
    }
  })();
  return { assignment: assignmentView(moved, await getNotarySettings(orgId), now) };
});
