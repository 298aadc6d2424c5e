import type * as z from 'zod';
import './zod-locale.js';
import * as auth from './auth.js';
import { okResponse } from './common.js';
import * as countries from './countries.js';
import * as credits from './credits.js';
import * as features from './features.js';
import * as maintenance from './maintenance.js';
import * as payments from './payments.js';
import { profileSchema, updateProfileRequest } from './profile.js';

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
  Q extends z.ZodType | undefined = z.ZodType | undefined,
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
  /** Schema of the query string (all values arrive as strings). */
  query?: Q;
  response?: Res;
  /** The handler reads the body as received (signature checks); no JSON schema applies. */
  rawBody?: boolean;
  /** Max JSON body bytes accepted (default 16 KiB). */
  maxBodyBytes?: number;
}

const route = <
  Req extends z.ZodType | undefined,
  Res extends z.ZodType | undefined,
  Q extends z.ZodType | undefined = undefined,
>(
  def: RouteDef<Req, Res, Q>,
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
  updateMyProfile: route({
    id: 'updateMyProfile',
    method: 'PUT',
    path: '/api/me',
    auth: 'user',
    handler: 'profile/update-my-profile',
    summary: "Updates the caller's personal and billing data (the e-mail cannot change)",
    access: { table: 'write' },
    request: updateProfileRequest,
    response: profileSchema,
  }),

  // Credits (credits-signing-admin §2 screens 2, 4, 5)
  getWallet: route({
    id: 'getWallet',
    method: 'GET',
    path: '/api/credits/wallet',
    auth: 'user',
    handler: 'credits/get-wallet',
    summary: "The caller's balance, total earned, total used and credits expiring within 30 days",
    access: { table: 'read' },
    response: credits.walletResponse,
  }),
  listCreditTransactions: route({
    id: 'listCreditTransactions',
    method: 'GET',
    path: '/api/credits/transactions',
    auth: 'user',
    handler: 'credits/list-transactions',
    summary: "The caller's ledger, newest first, optionally of one type; cursor-paged",
    access: { table: 'read' },
    query: credits.listTransactionsQuery,
    response: credits.listTransactionsResponse,
  }),
  listCreditPackages: route({
    id: 'listCreditPackages',
    method: 'GET',
    path: '/api/credits/packages',
    auth: 'public',
    handler: 'credits/list-packages',
    summary: 'Credit packages available in a country, with their price there',
    access: { table: 'read' },
    query: credits.packagesQuery,
    response: credits.listPackagesResponse,
  }),
  listSubscriptionPlans: route({
    id: 'listSubscriptionPlans',
    method: 'GET',
    path: '/api/subscription-plans',
    auth: 'public',
    handler: 'credits/list-plans',
    summary: 'Active subscription plans with their price in a country (read-only for now)',
    access: { table: 'read' },
    query: credits.plansQuery,
    response: credits.listPlansResponse,
  }),
  listCreditServices: route({
    id: 'listCreditServices',
    method: 'GET',
    path: '/api/credits/services',
    auth: 'public',
    handler: 'credits/list-services',
    summary: 'Active consumption rules: what each service costs in credits',
    access: { table: 'read' },
    response: credits.listServicesResponse,
  }),
  useCreditService: route({
    id: 'useCreditService',
    method: 'POST',
    path: '/api/credits/services/use',
    auth: 'user',
    handler: 'credits/use-service',
    summary: 'Spends credits on one use of a service (idempotent by key)',
    access: { table: 'write' },
    request: credits.useServiceRequest,
    response: credits.ledgerChangeResponse,
  }),

  // Premium features (credits-signing-admin §2 screen 3, §4)
  listFeaturePlans: route({
    id: 'listFeaturePlans',
    method: 'GET',
    path: '/api/features/plans',
    auth: 'public',
    handler: 'features/list-plans',
    summary: 'Active premium feature plans in display order',
    access: { table: 'read' },
    response: features.listFeaturePlansResponse,
  }),
  listFeatureSubscriptions: route({
    id: 'listFeatureSubscriptions',
    method: 'GET',
    path: '/api/features/subscriptions',
    auth: 'user',
    handler: 'features/list-subscriptions',
    summary: "The caller's feature subscriptions",
    access: { table: 'read' },
    response: features.listFeatureSubscriptionsResponse,
  }),
  subscribeFeature: route({
    id: 'subscribeFeature',
    method: 'POST',
    path: '/api/features/subscriptions',
    auth: 'user',
    handler: 'features/subscribe',
    summary: 'Subscribes to a feature plan for one month, paid in credits (idempotent by key)',
    access: { table: 'write' },
    request: features.subscribeFeatureRequest,
    response: features.subscribeFeatureResponse,
  }),
  cancelFeatureSubscription: route({
    id: 'cancelFeatureSubscription',
    method: 'POST',
    path: '/api/features/subscriptions/{id}/cancel',
    auth: 'user',
    handler: 'features/cancel',
    summary: "Cancels one of the caller's feature subscriptions (is_active and auto_renew off)",
    access: { table: 'write' },
    response: features.featureSubscriptionSchema,
  }),
  getFeatureAccess: route({
    id: 'getFeatureAccess',
    method: 'GET',
    path: '/api/features/access/{featureType}',
    auth: 'user',
    handler: 'features/get-access',
    summary: 'Whether the caller may use a feature now (active and period_end in the future)',
    access: { table: 'read' },
    response: features.featureAccessResponse,
  }),

  // Card payments (credits-signing-admin §7)
  createPackagePaymentIntent: route({
    id: 'createPackagePaymentIntent',
    method: 'POST',
    path: '/api/payments/credit-package-intent',
    auth: 'user',
    handler: 'payments/create-package-intent',
    summary: 'Creates a card payment for a credit package at its catalogue price in a country',
    access: { table: 'read', secrets: ['STRIPE_SECRET_KEY'] },
    request: payments.createPackageIntentRequest,
    response: payments.createPackageIntentResponse,
  }),
  getPaymentStatus: route({
    id: 'getPaymentStatus',
    method: 'GET',
    path: '/api/payments/intents/{id}',
    auth: 'user',
    handler: 'payments/get-payment-status',
    summary:
      "Where one of the caller's payments stands; credits a succeeded payment not yet credited",
    access: { table: 'write', secrets: ['STRIPE_SECRET_KEY'] },
    response: payments.paymentStatusResponse,
  }),
  stripeWebhook: route({
    id: 'stripeWebhook',
    method: 'POST',
    path: '/api/payments/webhook',
    auth: 'public',
    handler: 'payments/stripe-webhook',
    summary: 'Stripe events (signature-checked; the object is re-read from Stripe; idempotent)',
    access: { table: 'write', secrets: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] },
    rawBody: true,
    maxBodyBytes: 256 * 1024,
    response: payments.webhookResponse,
  }),
} as const;

export type Routes = typeof routes;
export type RouteId = keyof Routes;
export const routeList: readonly RouteDef[] = Object.values(routes);
