import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { es } from '../../../shared/messages.es';
import { RouteError } from '../features/placeholder/RouteError';
import { RootLayout } from './RootLayout';
import type { RouteAccess, RouteHandle } from './routeAccess';

// biome-ignore lint/suspicious/noExplicitAny: pages take different props (the React.lazy bound).
type AnyComponent = ComponentType<any>;

/** React.lazy for a named export: every page is its own chunk. */
function lazyNamed<M extends Record<K, AnyComponent>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await load())[name] }));
}

const HomePage = lazyNamed(() => import('../features/home/HomePage'), 'HomePage');
const DashboardPage = lazyNamed(() => import('../features/home/DashboardPage'), 'DashboardPage');
const ComingSoon = lazyNamed(() => import('../features/placeholder/ComingSoon'), 'ComingSoon');
const NotFoundPage = lazyNamed(() => import('../features/placeholder/ComingSoon'), 'NotFoundPage');
const SigningPage = lazyNamed(() => import('../features/signing/SigningPage'), 'SigningPage');
const VerifyPage = lazyNamed(() => import('../features/verify/VerifyPage'), 'VerifyPage');
const DeliveryPage = lazyNamed(() => import('../features/verify/DeliveryPage'), 'DeliveryPage');
const LoginPage = lazyNamed(() => import('../features/auth/pages/LoginPage'), 'LoginPage');
const SignupPage = lazyNamed(() => import('../features/auth/pages/SignupPage'), 'SignupPage');
const ForgotPasswordPage = lazyNamed(
  () => import('../features/auth/pages/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const ConfirmEmailPage = lazyNamed(
  () => import('../features/auth/pages/ConfirmEmailPage'),
  'ConfirmEmailPage',
);
const ResetPasswordPage = lazyNamed(
  () => import('../features/auth/pages/ResetPasswordPage'),
  'ResetPasswordPage',
);

function route(path: string, Page: ComponentType, access: RouteAccess = 'public'): RouteObject {
  const handle: RouteHandle = { access };
  return { path, element: <Page />, handle };
}

/**
 * A screen whose feature is not built yet: the placeholder, inside the proper layout. `item`
 * names the catalogue items it waits for (issue 21: "service:fea"; default "page", a screen
 * that sells nothing): test/e2e/availability-routes.test.ts fails when the catalogue says one
 * of them is available and the screen still says 'Próximamente'.
 */
function soon(
  path: string,
  title: string,
  access: RouteAccess = 'public',
  item = 'page',
): RouteObject {
  const handle: RouteHandle = { access };
  return { path, element: <ComingSoon title={title} item={item} />, handle };
}

/** The catalogue items the real-estate placeholders wait for (issue 21). */
const REAL_ESTATE_ITEMS = 'feature:real_estate_analysis feature:real_estate_community';

const p = es.pages;

/**
 * Every route of both specifications. Access levels (see RouteGuard):
 *  - public: browsing pages, auth pages and e-mail return targets; the plans, packages,
 *    credit services and premium features screens too, because credits-signing-admin §1 and §6
 *    let anonymous visitors see them (they are asked to log in when they buy or subscribe);
 *  - user: personal data (orders, credit history, settings, newsletter preferences, payment
 *    results, organisation and notary screens);
 *  - admin: CRM and /admin/*.
 * Signer and FEA pages are public: signers act through the token in their link.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage />, handle: { access: 'public' } satisfies RouteHandle },

      // Customer flows (customer-flows §2.1)
      route(
        '/firmar-documento',
        lazyNamed(() => import('../features/wizard/WizardPage'), 'WizardPage'),
      ),
      soon('/asesoria-inmobiliaria', es.pages.realEstateTitle, 'public', REAL_ESTATE_ITEMS),
      soon('/asesoria-financiera', es.pages.financialTitle),
      soon('/support', es.pages.supportTitle),
      route('/login', LoginPage),
      route('/signup', SignupPage),
      route('/forgot-password', ForgotPasswordPage),
      route(
        '/checkout',
        lazyNamed(() => import('../features/checkout/CheckoutPage'), 'CheckoutPage'),
      ),
      route(
        '/success',
        lazyNamed(() => import('../features/checkout/SuccessPage'), 'SuccessPage'),
        'user',
      ),
      route(
        '/mis-pedidos',
        lazyNamed(() => import('../features/orders/OrdersPage'), 'OrdersPage'),
        'user',
      ),
      route('/dashboard', DashboardPage, 'user'),
      // A payment's printable receipt (issue 21)
      route(
        '/recibo/:id',
        lazyNamed(() => import('../features/receipts/ReceiptPage'), 'ReceiptPage'),
        'user',
      ),
      route('/auth/confirm', ConfirmEmailPage),
      route('/reset-password', ResetPasswordPage),
      // Legal pages: static, open to everyone without the gate (app/paths.ts isUngatedPath).
      route(
        '/terminos',
        lazyNamed(() => import('../features/legal/TermsPage'), 'TermsPage'),
      ),
      route(
        '/privacidad',
        lazyNamed(() => import('../features/legal/PrivacyPage'), 'PrivacyPage'),
      ),
      soon('/newsletter/confirm', p.newsletterConfirmTitle),
      soon('/newsletter/preferences', es.nav.newsletter, 'user'),
      soon('/subscription/success', p.subscriptionResultTitle, 'user'),

      // Credits, subscriptions, account (credits-signing-admin §2)
      route(
        '/subscription-plans',
        lazyNamed(() => import('../features/packages/PlansPage'), 'SubscriptionPlansPage'),
      ),
      soon('/subscription/manage', p.subscriptionManageTitle, 'user'),
      route(
        '/credit-packages',
        lazyNamed(() => import('../features/packages/PlansPage'), 'CreditPackagesPage'),
      ),
      route(
        '/credit-services',
        lazyNamed(() => import('../features/credits/CreditServicesPage'), 'CreditServicesPage'),
      ),
      route(
        '/feature-subscriptions',
        lazyNamed(
          () => import('../features/features/FeatureSubscriptionsPage'),
          'FeatureSubscriptionsPage',
        ),
      ),
      route(
        '/credit-history',
        lazyNamed(() => import('../features/credits/CreditHistoryPage'), 'CreditHistoryPage'),
        'user',
      ),
      route(
        '/settings',
        lazyNamed(() => import('../features/settings/SettingsPage'), 'SettingsPage'),
        'user',
      ),

      // Signing and FEA (bare layout, except enrolment-return which keeps the sidebar)
      route('/sign/:signerId', SigningPage),
      route('/firmar/:signerId', SigningPage),
      // Back from ClaveÚnica (FES + Clave Única): on to the signer's page.
      route(
        '/claveunica/retorno',
        lazyNamed(() => import('../features/signing/ClaveUnicaReturn'), 'ClaveUnicaReturnPage'),
      ),
      // Sealed documents: public verification by code and the delivery mails' download links
      route('/verificar', VerifyPage),
      route('/verificar/:code', VerifyPage),
      route('/descargar/:orderId', DeliveryPage),
      // The FEA provider's returns and the recovery form (credits-signing-admin §2 screens 9–14)
      route(
        '/fea/enrolment-return',
        lazyNamed(() => import('../features/fea/EnrolmentPages'), 'EnrolmentReturnPage'),
      ),
      route(
        '/fea/enrolment-success',
        lazyNamed(() => import('../features/fea/EnrolmentPages'), 'EnrolmentSuccessPage'),
      ),
      route(
        '/fea/password-recovery',
        lazyNamed(() => import('../features/fea/RecoveryPage'), 'RecoveryPage'),
      ),
      route(
        '/password-recovery-success',
        lazyNamed(() => import('../features/fea/RecoveryResultPage'), 'RecoveryResultPage'),
      ),
      route(
        '/certificate-unlock-success',
        lazyNamed(() => import('../features/fea/UnlockResultPage'), 'CertificateUnlockPage'),
      ),
      route(
        '/second-factor-unlock-success',
        lazyNamed(() => import('../features/fea/UnlockResultPage'), 'SecondFactorUnlockPage'),
      ),

      // Organisations, notaries, admin
      route(
        '/invitacion',
        lazyNamed(() => import('../features/organizations/InvitationPage'), 'InvitationPage'),
      ),
      route(
        '/organization-dashboard',
        lazyNamed(
          () => import('../features/organizations/OrganizationDashboardPage'),
          'OrganizationDashboardPage',
        ),
        'user',
      ),
      route(
        '/notary-dashboard',
        lazyNamed(
          () => import('../features/notary-dashboard/NotaryDashboardPage'),
          'NotaryDashboardPage',
        ),
        'user',
      ),
      route(
        '/notary-document/:id',
        lazyNamed(
          () => import('../features/notary-document/NotaryDocumentPage'),
          'NotaryDocumentPage',
        ),
        'user',
      ),
      route(
        '/billing',
        lazyNamed(() => import('../features/admin-billing/BillingPage'), 'BillingPage'),
        'admin',
      ),
      route(
        '/analytics',
        lazyNamed(() => import('../features/admin-analytics/AnalyticsPage'), 'AnalyticsPage'),
        'admin',
      ),
      soon('/crm', es.nav.crm, 'admin'),
      route(
        '/admin/organizations',
        lazyNamed(
          () => import('../features/organizations/AdminOrganizationsPage'),
          'AdminOrganizationsPage',
        ),
        'admin',
      ),
      route(
        '/admin/notary/:id/settings',
        lazyNamed(
          () => import('../features/admin-notary-settings/NotarySettingsPage'),
          'NotarySettingsPage',
        ),
        'admin',
      ),
      route(
        '/admin/organization/:id/members',
        lazyNamed(
          () => import('../features/organizations/AdminOrganizationMembersPage'),
          'AdminOrganizationMembersPage',
        ),
        'admin',
      ),

      { path: '*', element: <NotFoundPage />, handle: { access: 'public' } satisfies RouteHandle },
    ],
  },
];

/**
 * The first route match's one-time costs, paid in a task of their own before the router is
 * made: compiling ~50 route patterns (V8 keeps each compiled pattern, so the router's own
 * match reuses them) and the page's first sessionStorage read, which react-router makes as it
 * starts and which waits on the browser process. Together with the router's creation they
 * were the start-up's longest task on a slow phone.
 */
export function warmRouter(): void {
  matchRoutes(routes, window.location);
  try {
    window.sessionStorage.getItem('');
  } catch {
    // Storage refused (privacy settings): react-router copes the same way.
  }
}

/** The app's router; made by main.tsx at start-up, in a task of its own (see there). */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
