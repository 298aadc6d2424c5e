import * as maintenance from '../maintenance.js';
import { route } from '../route-def.js';

/**
 * Routes of the maintenance domain (the whole table is ../routes.ts). Handlers import their
 * route from here, so a Lambda bundles only its own domain's schemas.
 */

export const verifyAccessCode = route({
  id: 'verifyAccessCode',
  method: 'POST',
  path: '/api/maintenance/verify',
  auth: 'public',
  handler: 'maintenance/verify-access-code',
  summary: 'Checks the maintenance-gate access code (rate-limited per client)',
  access: { table: 'write', secrets: ['MAINTENANCE_ACCESS_CODE'] },
  request: maintenance.verifyAccessCodeRequest,
  response: maintenance.verifyAccessCodeResponse,
});
