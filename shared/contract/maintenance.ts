import * as z from 'zod/mini';
import { maintenanceEs } from '../messages/maintenance.es.js';

export const verifyAccessCodeRequest = z.object({
  code: z
    .string({ error: maintenanceEs.codeRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: maintenanceEs.codeRequired }),
      z.maxLength(200, { error: maintenanceEs.wrongCode }),
    ),
});
export const verifyAccessCodeResponse = z.object({ granted: z.literal(true) });
