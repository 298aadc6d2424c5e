import * as z from 'zod';

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
