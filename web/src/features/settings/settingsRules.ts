import * as z from 'zod/mini';
import { passwordField } from '../../../../shared/contract/auth';
import type { Profile } from '../../../../shared/contract/profile';
import { es } from '../../../../shared/messages.es';

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

function errorName(err: unknown): string | undefined {
  const name = (err as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name : undefined;
}

/**
 * The text after 'Error al actualizar la contraseña: ' for a failed Cognito ChangePassword:
 * a wrong current password, too many attempts, a password the pool refuses, or anything else.
 */
export function passwordChangeErrorDetail(err: unknown): string {
  switch (errorName(err)) {
    case 'NotAuthorizedException':
    // The form already enforces the pool's only rule (6 characters, lib/auth.ts), so a refused
    // password is the current one: that is also how cognito-local reports a wrong one.
    case 'InvalidPasswordException':
      return es.settings.wrongCurrentPassword;
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return es.api.tooManyRequests;
    case 'NetworkError':
      return es.api.network;
    default:
      return es.auth.unexpected;
  }
}
