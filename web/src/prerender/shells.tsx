import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AuthModalProvider } from '../features/auth/AuthModal';
import { HomePage } from '../features/home/HomePage';
import { MaintenanceScreen } from '../features/maintenance/MaintenanceScreen';
import { ThemeProvider } from '../features/theme/ThemeProvider';
import { WizardLoading } from '../features/wizard/WizardLoading';
import { WizardPage } from '../features/wizard/WizardPage';
import { AppLayout } from '../layout/AppLayout';
import { CountryProvider } from '../lib/country/CountryProvider';
import { SHELL_ID, SHELL_PAGES, WIZARD_RESUME_VIEW } from '../lib/firstPaintShell';
import { MAINTENANCE_ACCESS_GRANTED, MAINTENANCE_ACCESS_KEY } from '../lib/maintenanceAccess';
import { AMPLIFY_STORAGE_PREFIX, SessionProvider } from '../lib/session/session';
import { WIZARD_EDIT_PARAM, WIZARD_SESSION_KEYS } from '../lib/wizardSession';

/**
 * Build-time only (web/vite-prerender.ts loads this module in Node): the static markup of the
 * first-paint shell (lib/firstPaintShell.ts) and the boot script that picks one of its views.
 * The views are the app's own components, rendered as a first visit finds them before any data
 * arrives: the session still being read (no login buttons, no user menu), the countries still
 * loading, nothing stored. No effect runs here, and nothing is fetched.
 */

/** Rendering in Node: the components read `window` (storage, media queries) in try/catch. */
function withBareWindow<T>(render: () => T): T {
  const g = globalThis as { window?: unknown };
  const had = 'window' in g;
  const before = g.window;
  g.window = {};
  try {
    return render();
  } finally {
    if (had) g.window = before;
    else delete g.window;
  }
}

function Providers({ path, children }: { path: string; children: ReactNode }) {
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
                path,
                element: (
                  <SessionProvider>
                    <AuthModalProvider>
                      <CountryProvider>{children}</CountryProvider>
                    </AuthModalProvider>
                  </SessionProvider>
                ),
              },
            ],
            { initialEntries: [path] },
          )}
        />
      </ThemeProvider>
    </QueryClientProvider>
  );
}

const VIEWS: { name: string; path: string; element: ReactNode }[] = [
  // A visitor without the access code, on any page that has a shell.
  { name: 'gate', path: '/', element: <MaintenanceScreen onGranted={() => undefined} /> },
  {
    name: SHELL_PAGES['/'] ?? 'home',
    path: '/',
    element: (
      <AppLayout>
        <HomePage />
      </AppLayout>
    ),
  },
  {
    name: SHELL_PAGES['/firmar-documento'] ?? 'wizard',
    path: '/firmar-documento',
    element: (
      <AppLayout>
        <WizardPage />
      </AppLayout>
    ),
  },
  // Work in progress on the wizard: its spinner, not a step it would leave.
  {
    name: WIZARD_RESUME_VIEW,
    path: '/firmar-documento',
    element: (
      <AppLayout>
        <WizardLoading resuming />
      </AppLayout>
    ),
  },
];

/**
 * `<div id="shell" inert>` with one `[data-shell-view]` per screen. Inert: it only stands in for
 * the app until it renders, so nothing in it can be focused or typed into (and lost).
 * React hoists a page's `<title>` in the browser; in static markup it would sit in the body.
 */
export function renderShellMarkup(): string {
  const views = withBareWindow(() =>
    VIEWS.map(({ name, path, element }) => {
      const html = renderToStaticMarkup(<Providers path={path}>{element}</Providers>);
      return `<div data-shell-view="${name}">${html.replace(/<title>[^<]*<\/title>/g, '')}</div>`;
    }),
  );
  return `<div id="${SHELL_ID}" inert="">${views.join('')}</div>`;
}

/**
 * The inline boot script: `<html data-shell="…">` before the first paint. The path's page view
 * for a visitor who is inside the app (the stored access flag, or a stored Amplify session,
 * the same rules as MaintenanceGate and SessionProvider), else the gate; no shell on any other
 * path. Inline and tiny, so it adds no request; the CSP allows it by hash (lib/security-headers).
 */
export function bootScript(): string {
  const pages = JSON.stringify(SHELL_PAGES);
  return `(() => {
  let page = ${pages}[location.pathname.replace(/\\/+$/, '') || '/'];
  if (!page) return;
  let inside = false;
  try {
    const s = window.localStorage;
    inside = s.getItem(${JSON.stringify(MAINTENANCE_ACCESS_KEY)}) === ${JSON.stringify(MAINTENANCE_ACCESS_GRANTED)};
    for (let i = 0; !inside && i < s.length; i++) {
      inside = (s.key(i) || '').startsWith(${JSON.stringify(AMPLIFY_STORAGE_PREFIX)});
    }
  } catch {}
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
})();`;
}
