import * as routes from '../../shared/contract/routes/documents.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { httpRoute } from '../platform/http.js';
import { viewDocument } from './service.js';

/** One of the caller's documents with a 5-minute preview (PDF) or download (Word) link. */
export const handler = httpRoute(routes.getDocument, async ({ caller, params }) =>
  viewDocument(mustBeCaller(caller).sub, params.id ?? ''),
);
