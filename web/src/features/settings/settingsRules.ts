import * as z from 'zod/mini';
import { passwordField } from '../../../../shared/contract/auth';
import type { Profile } from '../../../../shared/contract/profile';
import { es } from '../../../../shared/messages.es';
import { ApiError } from '../../lib/api';

/** §4: the settings screen's success and error messages disappear after 3 seconds. */
export const SETTINGS_MESSAGE_MS = 3000;

/** What the profile form edits: the update request's fields, every text as typed. */
export interface ProfileFormValues {
  first_name: string;
  last_name: string;
  phone: string;
  whatsapp: string;
  company: string;
  address: string;
  city: string;
  region_province: string;
  /** '' is "Sin país"; the request schema turns it into null (§5). */
  billing_country_id: string;
  account_type: 'personal' | 'team';
}

export const PROFILE_FIELDS = [
  'first_name',
  'last_name',
  'phone',
  'whatsapp',
  'company',
  'address',
  'city',
  'region_province',
  'billing_country_id',
  'account_type',
] as const satisfies readonly (keyof ProfileFormValues)[];

/** The form's starting values: the stored profile, with nulls as empty fields. */
export function profileToForm(profile: Profile): ProfileFormValues {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    phone: profile.phone ?? '',
    whatsapp: profile.whatsapp ?? '',
    company: profile.company ?? '',
    address: profile.address ?? '',
    city: profile.city ?? '',
    region_province: profile.region_province ?? '',
    billing_country_id: profile.billing_country_id ?? '',
    account_type: profile.account_type,
  };
}

/**
 * The password change (§5): the current password (Cognito's ChangePassword needs it), the new
 * one with at least 6 characters, and its confirmation, equal to it.
 */
export const passwordChangeForm = z
  .object({
    currentPassword: z
      .string({ error: es.auth.required })
      .check(z.minLength(1, { error: es.auth.required })),
    newPassword: passwordField,
    confirmPassword: z
      .string({ error: es.auth.required })
      .check(z.minLength(1, { error: es.auth.required })),
  })
  .check(
    z.refine((v) => v.newPassword === v.confirmPassword, {
      path: ['confirmPassword'],
      error: es.auth.passwordsMismatch,
    }),
  );

export type PasswordChangeValues = z.infer<typeof passwordChangeForm>;

/** §5: the button stays disabled while any of the fields is empty. */
export function canSubmitPassword(values: Partial<PasswordChangeValues>): boolean {
  return Boolean(values.currentPassword && values.newPassword && values.confirmPassword);
}

/**
 * The text after 'Error al actualizar la contraseña: ' for a failed change: the API's own
 * Spanish message (wrong current password, too many attempts, a refused new password, no
 * connection), or the generic one for anything unexpected.
 */
export function passwordChangeErrorDetail(err: unknown): string {
  if (err instanceof ApiError && err.code !== 'INTERNAL') return err.message;
  return es.auth.unexpected;
}
