import * as routes from '../../shared/contract/routes/documents.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { epochSeconds, systemClock } from '../platform/clock.js';
import { httpRoute } from '../platform/http.js';
import { completeUpload } from './complete.js';

/** Checks the uploaded object by its size and bytes; only then is the document usable. */
export const handler = httpRoute(routes.completeDocumentUpload, async ({ caller, params }) =>
  completeUpload(mustBeCaller(caller).sub, params.id ?? '', epochSeconds(systemClock.now())),
);
