import * as z from 'zod';
import { es } from '../messages.es.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../rules/password.js';
import { emailField, requiredText } from './common.js';

export const passwordField = z
  .string({ error: es.auth.required })
  .min(1, { error: es.auth.required })
  .min(PASSWORD_MIN_LENGTH, { error: es.auth.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: es.auth.passwordTooLong });

/** A token from an e-mailed link: 43 base64url characters (256 bits). */
export const linkTokenField = z
  .string({ error: es.auth.confirmInvalidLink })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: es.auth.confirmInvalidLink });

const withMatchingPasswords = <T extends { password: string; confirmPassword: string }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: es.auth.passwordsMismatch });
  }
};

export const signUpRequest = z
  .object({
    firstName: requiredText(100, es.auth.required, es.auth.nameTooLong),
    lastName: requiredText(100, es.auth.required, es.auth.nameTooLong),
    email: emailField,
    password: passwordField,
    confirmPassword: z.string({ error: es.auth.required }).min(1, { error: es.auth.required }),
  })
  .superRefine(withMatchingPasswords);
export type SignUpRequest = z.input<typeof signUpRequest>;

export const confirmEmailRequest = z.object({
  token_hash: linkTokenField,
  type: z.literal('email', { error: es.auth.confirmInvalidLink }),
});

export const passwordRecoveryRequest = z.object({ email: emailField });

export const checkResetTokenRequest = z.object({
  access_token: linkTokenField,
  type: z.literal('recovery', { error: es.auth.resetInvalidLink }),
});

export const resetPasswordRequest = z
  .object({
    access_token: linkTokenField,
    type: z.literal('recovery', { error: es.auth.resetInvalidLink }),
    password: passwordField,
    confirmPassword: z.string({ error: es.auth.required }).min(1, { error: es.auth.required }),
  })
  .superRefine(withMatchingPasswords);

export const checkResetTokenResponse = z.object({ email: z.string() });
