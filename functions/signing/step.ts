import * as routes from '../../shared/contract/routes/signing.js';
import { httpRoute } from '../platform/http.js';
import { runStep } from './flow.js';

/** POST /api/signing/step: one step of a signer's flow, answered with the next screen. */
export const handler = httpRoute(routes.signingStep, async ({ body, sourceIp, headers }) =>
  runStep({
    body,
    ip: sourceIp,
    userAgent: headers['user-agent'] ?? '',
    now: new Date(),
  }),
);
