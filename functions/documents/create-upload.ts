import * as routes from '../../shared/contract/routes/documents.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { epochSeconds, systemClock } from '../platform/clock.js';
import { httpRoute } from '../platform/http.js';
import { createUpload } from './service.js';

/** Registers an upload and hands the browser a presigned POST under the caller's folder. */
export const handler = httpRoute(
  routes.createDocumentUpload,
  async ({ caller, body }) =>
    createUpload(mustBeCaller(caller).sub, body, epochSeconds(systemClock.now())),
  { successStatus: 201 },
);
