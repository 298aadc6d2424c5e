import * as z from 'zod';
import { maintenanceEs } from '../messages/maintenance.es.js';

export const verifyAccessCodeRequest = z.object({
  code: z
    .string({ error: maintenanceEs.codeRequired })
    .trim()
    .min(1, { error: maintenanceEs.codeRequired })
    .max(200, { error: maintenanceEs.wrongCode }),
});
export const verifyAccessCodeResponse = z.object({ granted: z.literal(true) });
