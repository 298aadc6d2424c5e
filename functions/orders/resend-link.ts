import * as routes from '../../shared/contract/routes/orders.js';
import { contextRoute } from '../organizations/acting-as.js';
import { resendLink } from './signing-links.js';

/** A new signing link for a signer, not signed yet, of an order the work context may act on. */
export const handler = contextRoute(routes.resendSigningLink, async ({ acting, params }) =>
  resendLink(params.id ?? '', params.signerId ?? '', acting),
);
