import * as z from 'zod';
import { apiEs } from '../messages/api.es.js';
import { authEs } from '../messages/auth.es.js';

export const roleSchema = z.enum(['customer', 'admin']);
export type Role = z.infer<typeof roleSchema>;

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: roleSchema,
  phone: z.string().nullable(),
  company: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  whatsapp: z.string().nullable(),
  billing_country_id: z.string().nullable(),
  region_province: z.string().nullable(),
  account_type: z.enum(['personal', 'team']),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: apiEs.tooLong })
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * Personal and billing data the user may change (§2 screen 6). The e-mail is not here: 'El email
 * no se puede cambiar'. An empty billing country is stored as null (§5).
 */
export const updateProfileRequest = z
  .object({
    first_name: z
      .string()
      .trim()
      .min(1, { error: apiEs.required })
      .max(100, { error: authEs.nameTooLong }),
    last_name: z
      .string()
      .trim()
      .min(1, { error: apiEs.required })
      .max(100, { error: authEs.nameTooLong }),
    phone: optionalText(32),
    whatsapp: optionalText(32),
    company: optionalText(200),
    address: optionalText(300),
    city: optionalText(100),
    region_province: optionalText(100),
    billing_country_id: optionalText(16),
    account_type: z.enum(['personal', 'team']),
  })
  .strict();
