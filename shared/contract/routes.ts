import type * as z from 'zod';
import * as auth from './auth.js';
import { okResponse } from './common.js';
import * as countries from './countries.js';
import * as maintenance from './maintenance.js';
import { profileSchema } from './profile.js';

/**
 * THE route table. The CDK API construct, the local gateway, the generated authorization test,
 * docs/api.md and the web's typed API client are all built from this list: adding an operation
 * is one entry here plus its handler file.
 *
 * auth:
 *  - public: no token needed (the handler may still rate-limit or check a link token)
 *  - user:   a valid Cognito access token; data is always scoped to the caller
 *  - admin:  a valid token of a member of the Cognito group `admin`
 */
export type AuthLevel = 'public' | 'user' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Cognito admin actions a handler may call; the CDK grants exactly these. */
export type CognitoAction =
  | 'cognito-idp:SignUp'
  | 'cognito-idp:AdminConfirmSignUp'
  | 'cognito-idp:AdminGetUser'
  | 'cognito-idp:AdminDeleteUser'
  | 'cognito-idp:AdminUpdateUserAttributes'
  | 'cognito-idp:AdminSetUserPassword'
  | 'cognito-idp:AdminListGroupsForUser';

export interface RouteAccess {
  table?: 'read' | 'write';
  bucket?: 'read' | 'write';
  mail?: boolean;
  cognito?: readonly CognitoAction[];
  /** Secrets the handler reads from configuration (names of env vars). */
  secrets?: readonly string[];
}

export interface RouteDef<
  Req extends z.ZodType | undefined = z.ZodType | undefined,
  Res extends z.ZodType | undefined = z.ZodType | undefined,
> {
  id: string;
  method: HttpMethod;
  /** API Gateway style path with {param} segments, always under /api. */
  path: string;
  auth: AuthLevel;
  /** functions/<handler>.ts exports `handler`. */
  handler: string;
  summary: string;
  access: RouteAccess;
  request?: Req;
  response?: Res;
  /** Max JSON body bytes accepted (default 16 KiB). */
  maxBodyBytes?: number;
}

const route = <Req extends z.ZodType | undefined, Res extends z.ZodType | undefined>(
  def: RouteDef<Req, Res>,
) => def;

export const routes = {
  listCountries: route({
    id: 'listCountries',
    method: 'GET',
    path: '/api/countries',
    auth: 'public',
    handler: 'countries/list-countries',
    summary: 'Active countries ordered by name, with currency and AI-analysis availability',
    access: { table: 'read' },
    response: countries.listCountriesResponse,
  }),
  detectCountry: route({
    id: 'detectCountry',
    method: 'GET',
    path: '/api/geo',
    auth: 'public',
    handler: 'countries/detect-country',
    summary: "The viewer's country from the CloudFront-Viewer-Country header (null if unknown)",
    access: {},
    response: countries.detectCountryResponse,
  }),
  verifyAccessCode: route({
    id: 'verifyAccessCode',
    method: 'POST',
    path: '/api/maintenance/verify',
    auth: 'public',
    handler: 'maintenance/verify-access-code',
    summary: 'Checks the maintenance-gate access code (rate-limited per client)',
    access: { table: 'write', secrets: ['MAINTENANCE_ACCESS_CODE'] },
    request: maintenance.verifyAccessCodeRequest,
    response: maintenance.verifyAccessCodeResponse,
  }),
  signUp: route({
    id: 'signUp',
    method: 'POST',
    path: '/api/auth/signup',
    auth: 'public',
    handler: 'auth/sign-up',
    summary: 'Creates an unconfirmed account and e-mails a confirmation link',
    access: {
      table: 'write',
      mail: true,
      cognito: ['cognito-idp:SignUp', 'cognito-idp:AdminGetUser', 'cognito-idp:AdminDeleteUser'],
    },
    request: auth.signUpRequest,
    response: okResponse,
  }),
  confirmEmail: route({
    id: 'confirmEmail',
    method: 'POST',
    path: '/api/auth/confirm',
    auth: 'public',
    handler: 'auth/confirm-email',
    summary: 'Consumes a confirmation token, confirms the account and creates its profile',
    access: {
      table: 'write',
      cognito: [
        'cognito-idp:AdminConfirmSignUp',
        'cognito-idp:AdminGetUser',
        'cognito-idp:AdminUpdateUserAttributes',
      ],
    },
    request: auth.confirmEmailRequest,
    response: okResponse,
  }),
  requestPasswordReset: route({
    id: 'requestPasswordReset',
    method: 'POST',
    path: '/api/auth/password-recovery',
    auth: 'public',
    handler: 'auth/request-password-reset',
    summary: 'E-mails a password-reset link to a confirmed account (same answer for any e-mail)',
    access: { table: 'write', mail: true, cognito: ['cognito-idp:AdminGetUser'] },
    request: auth.passwordRecoveryRequest,
    response: okResponse,
  }),
  checkResetToken: route({
    id: 'checkResetToken',
    method: 'POST',
    path: '/api/auth/password-recovery/check',
    auth: 'public',
    handler: 'auth/check-reset-token',
    summary: 'Tells whether a reset link is still valid, without consuming it',
    access: { table: 'read' },
    request: auth.checkResetTokenRequest,
    response: auth.checkResetTokenResponse,
  }),
  resetPassword: route({
    id: 'resetPassword',
    method: 'POST',
    path: '/api/auth/password-reset',
    auth: 'public',
    handler: 'auth/reset-password',
    summary: 'Consumes a reset token and sets the new password',
    access: { table: 'write', cognito: ['cognito-idp:AdminSetUserPassword'] },
    request: auth.resetPasswordRequest,
    response: okResponse,
  }),
  getMyProfile: route({
    id: 'getMyProfile',
    method: 'GET',
    path: '/api/me',
    auth: 'user',
    handler: 'profile/get-my-profile',
    summary: "The caller's profile (created on e-mail confirmation)",
    access: { table: 'read' },
    response: profileSchema,
  }),
} as const;

export type Routes = typeof routes;
export type RouteId = keyof Routes;
export const routeList: readonly RouteDef[] = Object.values(routes);
