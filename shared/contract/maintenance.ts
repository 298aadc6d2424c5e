import * as z from 'zod';
import { es } from '../messages.es.js';

export const verifyAccessCodeRequest = z.object({
  code: z
    .string({ error: es.maintenance.codeRequired })
    .trim()
    .min(1, { error: es.maintenance.codeRequired })
    .max(200, { error: es.maintenance.wrongCode }),
});
export const verifyAccessCodeResponse = z.object({ granted: z.literal(true) });
