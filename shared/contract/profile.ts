import * as z from 'zod/mini';
import { apiEs } from '../messages/api.es.js';
import { authEs } from '../messages/auth.es.js';
import { fmt } from '../messages/fmt.js';
import { ordersEs } from '../messages/orders.es.js';
import { phoneNumberError } from '../rules/phone-number.js';

export const roleSchema = z.enum(['customer', 'admin']);
export type Role = z.infer<typeof roleSchema>;

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: roleSchema,
  phone: z.nullable(z.string()),
  company: z.nullable(z.string()),
  address: z.nullable(z.string()),
  city: z.nullable(z.string()),
  whatsapp: z.nullable(z.string()),
  billing_country_id: z.nullable(z.string()),
  region_province: z.nullable(z.string()),
  account_type: z.enum(['personal', 'team']),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * The sign-up's acceptance of the Términos and the Política de Privacidad (shared/legal.ts):
   * the versions, when and from which address. Absent on accounts made before it was asked.
   */
  terms_acceptance: z.optional(
    z.nullable(
      z.object({
        terms_version: z.string(),
        privacy_version: z.string(),
        accepted_at: z.string(),
        ip: z.string(),
      }),
    ),
  ),
});
export type Profile = z.infer<typeof profileSchema>;

const optionalText = (max: number) =>
  z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(max, { error: apiEs.tooLong }))),
    z.transform((v) => (v ? v : null)),
  );

/**
 * Personal and billing data the user may change (§2 screen 6). The e-mail is not here: 'El email
 * no se puede cambiar'. An empty billing country is stored as null (§5).
 */
export const updateProfileRequest = z
  .strictObject({
    first_name: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: apiEs.required }),
        z.maxLength(100, { error: authEs.nameTooLong }),
      ),
    last_name: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: apiEs.required }),
        z.maxLength(100, { error: authEs.nameTooLong }),
      ),
    phone: optionalText(32),
    whatsapp: optionalText(32),
    company: optionalText(200),
    address: optionalText(300),
    city: optionalText(100),
    region_province: optionalText(100),
    billing_country_id: optionalText(16),
    account_type: z.enum(['personal', 'team']),
  })
  .check(
    // The phone follows the wizard's rule by dial code (shared/rules/phone-number.ts): "abc" or
    // a number of the wrong length is refused here, in the browser and again on the server.
    z.superRefine((value, ctx) => {
      if (!value.phone) return;
      const message = phoneNumberError(value.phone, ordersEs.phoneInvalid, fmt);
      if (message) ctx.addIssue({ code: 'custom', path: ['phone'], message });
    }),
  );
