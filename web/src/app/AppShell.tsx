import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/layout-bits/PageLoader';
import { ShellHandoff } from '../components/layout-bits/ShellHandoff';
import { AuthModalProvider } from '../features/auth/AuthModal';
import { MaintenanceGate } from '../features/maintenance/MaintenanceGate';
import { AppLayout } from '../layout/AppLayout';
import { CountryProvider } from '../lib/country/CountryProvider';
import { SessionProvider } from '../lib/session/session';
import { isUngatedPath } from './paths';
import { RouteGuard } from './RouteGuard';
import { useRouteAccess } from './useRouteAccess';

/**
 * Everything with header and sidebar. Loaded lazily by RootLayout: this chunk (and so the auth
 * library behind SessionProvider) is never downloaded on the signer's bare-layout pages.
 */
export function AppShell() {
  const { pathname } = useLocation();
  // A page that needs an account asks a visitor without the code to log in (MaintenanceGate).
  const askLogin = useRouteAccess() !== 'public';
  const app = (
    <CountryProvider>
      <AppLayout>
        <RouteGuard>
          <Suspense fallback={<PageLoader />}>
            <ShellHandoff />
            <Outlet />
          </Suspense>
        </RouteGuard>
      </AppLayout>
    </CountryProvider>
  );
  return (
    <SessionProvider>
      <AuthModalProvider>
        {/* See isUngatedPath: e-mail and FEA return targets are never behind the gate. */}
        {isUngatedPath(pathname) ? (
          app
        ) : (
          <MaintenanceGate askLogin={askLogin}>{app}</MaintenanceGate>
        )}
      </AuthModalProvider>
    </SessionProvider>
  );
}
