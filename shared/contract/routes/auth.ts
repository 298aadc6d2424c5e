import * as auth from '../auth.js';
import { okResponse } from '../common.js';
import { route } from '../route-def.js';

/**
 * Routes of the auth domain (the whole table is ../routes.ts). Handlers import their
 * route from here, so a Lambda bundles only its own domain's schemas.
 */

export const signUp = route({
  id: 'signUp',
  method: 'POST',
  path: '/api/auth/signup',
  auth: 'public',
  handler: 'auth/sign-up',
  summary:
    'Creates a pending (disabled) account and e-mails a confirmation link; replaces a pending ' +
    'account for the same address. Refused (422) unless the terms and the privacy policy are ' +
    'accepted (acceptTerms), which the account then records',
  access: {
    table: 'write',
    mail: true,
    cognito: [
      'cognito-idp:AdminGetUser',
      'cognito-idp:AdminDeleteUser',
      'cognito-idp:AdminCreateUser',
      'cognito-idp:AdminDisableUser',
      'cognito-idp:AdminSetUserPassword',
    ],
  },
  request: auth.signUpRequest,
  response: okResponse,
});

export const confirmEmail = route({
  id: 'confirmEmail',
  method: 'POST',
  path: '/api/auth/confirm',
  auth: 'public',
  handler: 'auth/confirm-email',
  summary:
    "Consumes a confirmation token, enables the link's account and creates its profile; a " +
    'link already used on an active account answers alreadyConfirmed',
  access: {
    table: 'write',
    mail: true,
    cognito: [
      'cognito-idp:AdminConfirmSignUp',
      'cognito-idp:AdminGetUser',
      'cognito-idp:AdminUpdateUserAttributes',
      'cognito-idp:AdminEnableUser',
      'cognito-idp:AdminSetUserPassword',
    ],
  },
  request: auth.confirmEmailRequest,
  response: auth.confirmEmailResponse,
});

export const resendConfirmation = route({
  id: 'resendConfirmation',
  method: 'POST',
  path: '/api/auth/confirm/resend',
  auth: 'public',
  handler: 'auth/resend-confirmation',
  summary:
    'E-mails a new confirmation link to a pending account (same answer for any e-mail); the ' +
    "login of an unconfirmed account offers it as 'Reenviar correo'",
  access: { table: 'write', mail: true, cognito: ['cognito-idp:AdminGetUser'] },
  request: auth.resendConfirmationRequest,
  response: okResponse,
});

export const requestPasswordReset = route({
  id: 'requestPasswordReset',
  method: 'POST',
  path: '/api/auth/password-recovery',
  auth: 'public',
  handler: 'auth/request-password-reset',
  summary: 'E-mails a password-reset link to a confirmed account (same answer for any e-mail)',
  access: { table: 'write', mail: true, cognito: ['cognito-idp:AdminGetUser'] },
  request: auth.passwordRecoveryRequest,
  response: okResponse,
});

export const checkResetToken = route({
  id: 'checkResetToken',
  method: 'POST',
  path: '/api/auth/password-recovery/check',
  auth: 'public',
  handler: 'auth/check-reset-token',
  summary: 'Tells whether a reset link is still valid, without consuming it',
  access: { table: 'read' },
  request: auth.checkResetTokenRequest,
  response: auth.checkResetTokenResponse,
});

export const resetPassword = route({
  id: 'resetPassword',
  method: 'POST',
  path: '/api/auth/password-reset',
  auth: 'public',
  handler: 'auth/reset-password',
  summary: 'Consumes a reset token, sets the new password and signs the account out everywhere',
  access: {
    table: 'write',
    cognito: [
      'cognito-idp:AdminGetUser',
      'cognito-idp:AdminSetUserPassword',
      'cognito-idp:AdminUserGlobalSignOut',
    ],
  },
  request: auth.resetPasswordRequest,
  response: okResponse,
});

export const changePassword = route({
  id: 'changePassword',
  method: 'POST',
  path: '/api/auth/password-change',
  auth: 'user',
  handler: 'auth/change-password',
  summary:
    "Checks the caller's current password, sets the new one and signs the account out " +
    'everywhere (this session too)',
  access: {
    table: 'write',
    cognito: [
      'cognito-idp:AdminGetUser',
      'cognito-idp:AdminSetUserPassword',
      'cognito-idp:AdminUserGlobalSignOut',
    ],
  },
  request: auth.changePasswordRequest,
  response: okResponse,
});
