import * as z from 'zod/mini';
import { acceptedTerms } from '../legal.js';
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

const signUpFields = {
  firstName: requiredText(100, authEs.required, authEs.nameTooLong),
  lastName: requiredText(100, authEs.required, authEs.nameTooLong),
  email: emailField,
  password: passwordField,
  confirmPassword: z
    .string({ error: authEs.required })
    .check(z.minLength(1, { error: authEs.required })),
};

export const signUpRequest = z
  .object({
    ...signUpFields,
    /**
     * The ticked «Acepto los Términos y la Política de Privacidad». Optional here so that a
     * sign-up without it reaches the service, which refuses it as a business rule (422) with
     * its own message (shared/legal.ts acceptedTerms); the form checks it first.
     */
    acceptTerms: z.optional(z.boolean({ error: authEs.termsRequired })),
  })
  .check(z.superRefine(withMatchingPasswords));
export type SignUpRequest = z.input<typeof signUpRequest>;

/**
 * The sign-up form: the request's fields with the consent rule on the box itself, so its
 * message shows together with the other fields' before anything is sent.
 */
export const signUpForm = z
  .object({
    ...signUpFields,
    acceptTerms: z
      .boolean({ error: authEs.termsRequired })
      .check(z.refine(acceptedTerms, { error: authEs.termsRequired })),
  })
  .check(z.superRefine(withMatchingPasswords));
export type SignUpFormValues = z.input<typeof signUpForm>;

/** Asks for the confirmation mail again (the login of an unconfirmed account offers it). */
export const resendConfirmationRequest = z.object({ email: emailField });

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
  /** The link had been followed already and its account is active: nothing was changed. */
  alreadyConfirmed: z.optional(z.literal(true)),
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
