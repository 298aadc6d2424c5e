import * as routes from '../../shared/contract/routes/documents.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { httpRoute } from '../platform/http.js';
import { deleteDocument } from './service.js';

/** Deletes one of the caller's documents (object and item), never one of a paid order. */
export const handler = httpRoute(
  routes.deleteDocument,
  async ({ caller, params }) => {
    await deleteDocument(mustBeCaller(caller).sub, params.id ?? '');
    return undefined;
  },
  { successStatus: 204 },
);
