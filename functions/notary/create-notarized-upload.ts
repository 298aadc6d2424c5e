import { MAX_NOTARIZED_BYTES } from '../../shared/contract/notarized.js';
import * as routes from '../../shared/contract/routes/notary.js';
import { notarizedEs as m } from '../../shared/messages/notarized.es.js';
import { movesInto } from '../../shared/rules/assignment.js';
import { contextRoute } from '../organizations/acting-as.js';
import { epochSeconds, systemClock } from '../platform/clock.js';
import { AppError } from '../platform/errors.js';
import { sanitizeFileName } from '../platform/file-name.js';
import { hitLimit } from '../platform/limits.js';
import * as storage from '../platform/storage.js';
import { presignedUpload } from '../platform/storage-upload.js';
import { incomingNotarizedKey, newUploadId, putNotarizedUpload } from './notarized-files.js';
import { notaryOf } from './notary-context.js';
import { ownAssignmentWithOrder } from './own-open-assignment.js';

/** How long the presigned POST works. */
const UPLOAD_EXPIRES_SECONDS = 10 * 60;

/**
 * POST /api/notary/assignments/{id}/notarized-file: the notary, holding the document (taken or
 * in review), starts the upload of its notarized PDF: a presigned POST for one PDF of at most
 * 10 MB at a key only this upload names. Uploads count against the member's daily uploads.
 */
export const handler = contextRoute(
  routes.createNotarizedUpload,
  async ({ acting, params, body }) => {
    const orgId = notaryOf(acting);
    const { a } = await ownAssignmentWithOrder(orgId, params.id);
    if (!movesInto('notarized').includes(a.status)) throw new AppError('CONFLICT', m.notDecidable);
    const now = systemClock.now();
    const uploadId = newUploadId();
    const incoming = incomingNotarizedKey(a.id, uploadId);
    // No upload link into a store that is down (a 503 to retry), and then no limit used up.
    await storage.assertReachable(incoming);
    try {
      await hitLimit('uploadsPerUser', acting.sub);
    } catch (err) {
      if (err instanceof AppError && err.code === 'TOO_MANY_REQUESTS') {
        throw new AppError('TOO_MANY_REQUESTS', m.uploadLimit);
      }
      throw err;
    }
    const upload = await presignedUpload({
      key: incoming,
      contentType: 'application/pdf',
      maxBytes: MAX_NOTARIZED_BYTES,
      expiresInSeconds: UPLOAD_EXPIRES_SECONDS,
    });
    await putNotarizedUpload(
      {
        upload_id: uploadId,
        assignment_id: a.id,
        order_id: a.order_id,
        notary_org_id: orgId,
        created_by: acting.sub,
        status: 'uploading',
        incoming_key: incoming,
        file_name: sanitizeFileName(body.file_name) || 'notarizado.pdf',
        created_at: now.toISOString(),
      },
      epochSeconds(now),
    );
    return { upload_id: uploadId, upload };
  },
  { successStatus: 201 },
);
