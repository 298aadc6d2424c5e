import * as routes from '../../shared/contract/routes/signing.js';
import { httpRoute } from '../platform/http.js';
import { linkInvalidScreen } from './screens.js';

/** POST /api/signing/step: one step of a signer's flow (the flow itself lands next). */
export const handler = httpRoute(routes.signingStep, async () => linkInvalidScreen());
