import * as routes from '../../shared/contract/routes/documents.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { epochSeconds, systemClock } from '../platform/clock.js';
import { httpRoute } from '../platform/http.js';
import { analyzeDocument } from '../platform/providers/analysis.js';
import { analyze } from './service.js';

/** AI analysis where the country offers it; credits are spent only for a finished analysis. */
export const handler = httpRoute(routes.analyzeDocument, async ({ caller, params, body }) =>
  analyze(
    mustBeCaller(caller).sub,
    params.id ?? '',
    body,
    () => epochSeconds(systemClock.now()),
    analyzeDocument,
  ),
);
