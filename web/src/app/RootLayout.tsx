import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { PageLoader } from '../components/layout-bits/PageLoader';
import { ShellHandoff } from '../components/layout-bits/ShellHandoff';
import { BareLayout } from '../layout/BareLayout';
import { isBareLayoutPath, isSigningPath } from './paths';

const AppShell = lazy(() => import('./AppShell').then((m) => ({ default: m.AppShell })));

/** Picks the layout by path (credits-signing-admin §2); see app/paths.ts. */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <ScrollRestoration />
      {isBareLayoutPath(pathname) ? (
        <BareLayout>
          <Suspense fallback={<PageLoader />}>
            {/* The link pages' shell (lib/firstPaintShell.ts LINK_SHELLS) goes with the page;
                the signer's page hands over itself, once past "Conectando" (SigningPage). */}
            {isSigningPath(pathname) ? null : <ShellHandoff />}
            <Outlet />
          </Suspense>
        </BareLayout>
      ) : (
        <Suspense fallback={<PageLoader fullScreen />}>
          <AppShell />
        </Suspense>
      )}
    </>
  );
}
