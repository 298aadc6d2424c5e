import * as z from 'zod/mini';
import { authEs } from '../messages/auth.es.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../rules/password.js';
import { emailField, requiredText } from './common.js';

export const passwordField = z
  .string({ error: authEs.required })
  .check(
    z.minLength(1, { error: authEs.required }),
    z.minLength(PASSWORD_MIN_LENGTH, { error: authEs.passwordTooShort }),
    z.maxLength(PASSWORD_MAX_LENGTH, { error: authEs.passwordTooLong }),
  );

/** A token from an e-mailed link: 43 base64url characters (256 bits). */
export const linkTokenField = z
  .string({ error: authEs.confirmInvalidLink })
  .check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: authEs.confirmInvalidLink }));

const withMatchingPasswords = <T extends { password: string; confirmPassword: string }>(
  value: T,
  ctx: z.core.$RefinementCtx,
) => {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: authEs.passwordsMismatch });
  }
};

export const signUpRequest = z
  .object({
    firstName: requiredText(100, authEs.required, authEs.nameTooLong),
    lastName: requiredText(100, authEs.required, authEs.nameTooLong),
    email: emailField,
    password: passwordField,
    confirmPassword: z
      .string({ error: authEs.required })
      .check(z.minLength(1, { error: authEs.required })),
  })
  .check(z.superRefine(withMatchingPasswords));
export type SignUpRequest = z.input<typeof signUpRequest>;

export const confirmEmailRequest = z.object({
  token_hash: linkTokenField,
  type: z.literal('email', { error: authEs.confirmInvalidLink }),
});

/**
 * `choosePassword`: the address was contested by two sign-ups with different passwords, so the
 * account was confirmed without either and a recovery link went to the inbox.
 */
export const confirmEmailResponse = z.object({
  ok: z.literal(true),
  choosePassword: z.boolean(),
});

export const passwordRecoveryRequest = z.object({ email: emailField });

export const checkResetTokenRequest = z.object({
  access_token: linkTokenField,
  type: z.literal('recovery', { error: authEs.resetInvalidLink }),
});

export const resetPasswordRequest = z
  .object({
    access_token: linkTokenField,
    type: z.literal('recovery', { error: authEs.resetInvalidLink }),
    password: passwordField,
    confirmPassword: z
      .string({ error: authEs.required })
      .check(z.minLength(1, { error: authEs.required })),
  })
  .check(z.superRefine(withMatchingPasswords));

export const changePasswordRequest = z.object({
  currentPassword: z
    .string({ error: authEs.required })
    .check(
      z.minLength(1, { error: authEs.required }),
      z.maxLength(PASSWORD_MAX_LENGTH, { error: authEs.wrongCurrentPassword }),
    ),
  newPassword: passwordField,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

export const checkResetTokenResponse = z.object({ email: z.string() });
