import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AuthModalProvider } from '../features/auth/AuthModal';
import { HomePage } from '../features/home/HomePage';
import { MaintenanceScreen } from '../features/maintenance/MaintenanceScreen';
import { OrdersPage } from '../features/orders/OrdersPage';
import { SigningPage } from '../features/signing/SigningPage';
import { SigningScreen } from '../features/signing/SigningScreen';
import { ThemeProvider } from '../features/theme/ThemeProvider';
import { DeliveryPage } from '../features/verify/DeliveryPage';
import { VerifyPage } from '../features/verify/VerifyPage';
import { WizardLoading } from '../features/wizard/WizardLoading';
import { WizardPage } from '../features/wizard/WizardPage';
import { AppLayout } from '../layout/AppLayout';
import { BareLayout } from '../layout/BareLayout';
import { CountryProvider } from '../lib/country/CountryProvider';
import {
  LINK_SHELLS,
  SHELL_ID,
  SHELL_PAGES,
  SIGNED_IN_VIEWS,
  WIZARD_RESUME_VIEW,
} from '../lib/firstPaintShell';
import { MAINTENANCE_ACCESS_GRANTED, MAINTENANCE_ACCESS_KEY } from '../lib/maintenanceAccess';
import { AMPLIFY_STORAGE_PREFIX, SessionProvider } from '../lib/session/session';
import { WIZARD_EDIT_PARAM, WIZARD_SESSION_KEYS } from '../lib/wizardSession';
import { earlyCallsScript } from './earlyCalls';

export { EARLY_SCREEN_GLOBAL } from './earlyScreen';

import { consentTemplate, earlyScreenScript, SIGNER_CONSENT_VIEW, withSlots } from './earlyScreen';

/**
 * Build-time only (web/vite-prerender.ts loads this module in Node): the static markup of the
 * first-paint shell (lib/firstPaintShell.ts) and the boot script that picks one of its views.
 * The views are the app's own components, rendered as a first visit finds them before any data
 * arrives: the session still being read (no login buttons, no user menu), the countries still
 * loading, nothing stored. No effect runs here, and nothing is fetched.
 */

/**
 * Rendering in Node: the components read `window` (storage, media queries) in try/catch, and
 * the link pages read their address (`href`: a made-up one, never a real link's).
 */
function withBareWindow<T>(href: string, render: () => T): T {
  const g = globalThis as { window?: unknown };
  const had = 'window' in g;
  const before = g.window;
  g.window = { location: { href: `https://sello.invalid${href}` } };
  try {
    return render();
  } finally {
    if (had) g.window = before;
    else delete g.window;
  }
}

function Providers({
  route,
  entry,
  children,
}: {
  route: string;
  entry: string;
  children: ReactNode;
}) {
  // A client that never fetches: queries stay in their loading state, as on a first paint.
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        {/* A data router, as the app's (the layout reads route matches); the providers sit
            inside it as in AppShell. */}
        <RouterProvider
          router={createMemoryRouter(
            [
              {
                path: route,
                element: (
                  <SessionProvider>
                    <AuthModalProvider>
                      <CountryProvider>{children}</CountryProvider>
                    </AuthModalProvider>
                  </SessionProvider>
                ),
              },
            ],
            { initialEntries: [entry] },
          )}
        />
      </ThemeProvider>
    </QueryClientProvider>
  );
}

interface View {
  name: string;
  /** The route pattern, as in app/router.tsx. */
  route: string;
  /** The address rendered (placeholders, never a real id or token). */
  entry?: string;
  element: ReactNode;
  /** Its markup has slots the boot script fills from the first answer (earlyScreen.ts). */
  slots?: boolean;
}

const VIEWS: View[] = [
  // A visitor without the access code, on any page that has a shell.
  { name: 'gate', route: '/', element: <MaintenanceScreen onGranted={() => undefined} /> },
  {
    name: SHELL_PAGES['/'] ?? 'home',
    route: '/',
    element: (
      <AppLayout>
        <HomePage />
      </AppLayout>
    ),
  },
  {
    name: SHELL_PAGES['/firmar-documento'] ?? 'wizard',
    route: '/firmar-documento',
    element: (
      <AppLayout>
        <WizardPage />
      </AppLayout>
    ),
  },
  // Work in progress on the wizard: its spinner, not a step it would leave.
  {
    name: WIZARD_RESUME_VIEW,
    route: '/firmar-documento',
    element: (
      <AppLayout>
        <WizardLoading resuming />
      </AppLayout>
    ),
  },
  // A customer's orders before their data and session: the header, the cards with '–', the
  // tabs, the list loading; the welcome line with the generic name (no one's name is here).
  {
    name: SHELL_PAGES['/mis-pedidos'] ?? 'orders',
    route: '/mis-pedidos',
    element: (
      <AppLayout>
        <OrdersPage />
      </AppLayout>
    ),
  },
  // The link pages (LINK_SHELLS), in the bare layout as RootLayout shows them.
  {
    name: 'signer',
    route: '/firmar/:signerId',
    entry: '/firmar/signer',
    element: (
      <BareLayout>
        <SigningPage />
      </BareLayout>
    ),
  },
  // The signer's consent screen, as SigningPage draws a fresh link's first answer, its words
  // left to the boot script (earlyScreen.ts): shown instead of "Conectando" once they arrive.
  {
    name: SIGNER_CONSENT_VIEW,
    route: '/firmar/:signerId',
    entry: '/firmar/signer',
    slots: true,
    element: (
      <BareLayout>
        <div className="sign-page">
          <SigningScreen
            answer={consentTemplate()}
            seq={1}
            running={null}
            notice={null}
            onPost={() => undefined}
          />
        </div>
      </BareLayout>
    ),
  },
  {
    name: 'verify',
    route: '/verificar',
    element: (
      <BareLayout>
        <VerifyPage />
      </BareLayout>
    ),
  },
  {
    name: 'verify-code',
    route: '/verificar/:code',
    entry: '/verificar/code',
    element: (
      <BareLayout>
        <VerifyPage />
      </BareLayout>
    ),
  },
  {
    name: 'delivery',
    route: '/descargar/:orderId',
    entry: '/descargar/order?token=token',
    element: (
      <BareLayout>
        <DeliveryPage />
      </BareLayout>
    ),
  },
];

/**
 * `<div id="shell" inert>` with one `[data-shell-view]` per screen. Inert: it only stands in for
 * the app until it renders, so nothing in it can be focused or typed into (and lost).
 * React hoists a page's `<title>` in the browser; in static markup it would sit in the body.
 */
export function renderShellMarkup(): string {
  const views = VIEWS.map(({ name, route, entry = route, element, slots }) => {
    const rendered = withBareWindow(entry, () =>
      renderToStaticMarkup(
        <Providers route={route} entry={entry}>
          {element}
        </Providers>,
      ),
    );
    const html = slots ? withSlots(rendered) : rendered;
    return `<div data-shell-view="${name}">${html.replace(/<title>[^<]*<\/title>/g, '')}</div>`;
  });
  return `<div id="${SHELL_ID}" inert="">${views.join('')}</div>`;
}

/**
 * The inline boot script: `<html data-shell="…">` before the first paint. A link page's view by
 * its path alone (LINK_SHELLS: never gated, no account). Otherwise the path's page view for a
 * visitor who is inside the app (the stored access flag, or a stored Amplify session, the same
 * rules as MaintenanceGate and SessionProvider), a signed-in page's only with a session, else
 * the gate; no shell on any other path. Then the page's first call (earlyCalls.ts). Inline and
 * tiny, so it adds no request; the CSP allows it by hash (lib/security-headers).
 */
export function bootScript(): string {
  const pages = JSON.stringify(SHELL_PAGES);
  return `(() => {
  const path = location.pathname.replace(/\\/+$/, '') || '/';
  for (const [pattern, view] of ${JSON.stringify(LINK_SHELLS)}) {
    if (new RegExp(pattern).test(path)) {
      document.documentElement.dataset.shell = view;
      return;
    }
  }
  let page = ${pages}[path];
  if (!page) return;
  let granted = false;
  let session = false;
  try {
    const s = window.localStorage;
    granted = s.getItem(${JSON.stringify(MAINTENANCE_ACCESS_KEY)}) === ${JSON.stringify(MAINTENANCE_ACCESS_GRANTED)};
    for (let i = 0; !session && i < s.length; i++) {
      session = (s.key(i) || '').startsWith(${JSON.stringify(AMPLIFY_STORAGE_PREFIX)});
    }
  } catch {}
  const inside = granted || session;
  if (inside && !session && ${JSON.stringify(SIGNED_IN_VIEWS)}.includes(page)) return;
  if (inside && page === ${JSON.stringify(SHELL_PAGES['/firmar-documento'])}) {
    // resumesWizard (lib/wizardSession.ts), which this script cannot import.
    let resumes = new URLSearchParams(location.search).has(${JSON.stringify(WIZARD_EDIT_PARAM)});
    try {
      const keys = ${JSON.stringify(WIZARD_SESSION_KEYS)};
      resumes = resumes || keys.some((k) => window.sessionStorage.getItem(k) !== null);
    } catch {}
    if (resumes) page = ${JSON.stringify(WIZARD_RESUME_VIEW)};
  }
  document.documentElement.dataset.shell = inside ? page : 'gate';
})();
${earlyCallsScript()}
${earlyScreenScript('signer')}`;
}
