import * as routes from '../../shared/contract/routes/orders.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { httpRoute } from '../platform/http.js';
import { resendLink } from './signing-links.js';

/** A new signing link for a signer of the caller's order who has not signed yet. */
export const handler = httpRoute(routes.resendSigningLink, async ({ caller, params }) =>
  resendLink(params.id ?? '', params.signerId ?? '', mustBeCaller(caller).sub),
);
