import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { es } from '../../../../shared/messages.es';
import { ShellHandoff } from '../../components/layout-bits/ShellHandoff';
import { Spinner } from '../../components/ui';
import {
  grantMaintenanceAccess,
  hasMaintenanceAccess,
  MAINTENANCE_ACCESS_KEY,
} from '../../lib/maintenanceAccess';
import { useAuthModal } from '../../lib/session/authModal';
import { useSession } from '../../lib/session/session';
import { gateView } from './gateView';
import './maintenance.css';

/** The gate screen and its form are a chunk of their own (most visits never show it). */
const loadScreen = () => import('./MaintenanceScreen');
const MaintenanceScreen = lazy(async () => ({ default: (await loadScreen()).MaintenanceScreen }));

function GateLoader() {
  return (
    <div className="gate-loader">
      <Spinner size={32} label={es.common.loading} />
    </div>
  );
}

/**
 * The maintenance gate (spec §2.3): the app is shown only with the stored flag
 * `maintenance_access = 'granted'` or to a signed-in user. While the session is still being
 * read a neutral loader is shown, so a signed-in user never sees the gate flash. Meanwhile the
 * gate's chunk is fetched, so a visitor who gets the gate waits no longer than before.
 *
 * `askLogin`: the page asked for needs an account (/mis-pedidos, /settings…). A visitor who
 * lands there without the code is asked to log in at once, over the gate: logged in, the gate
 * opens and the page shows (the access code would only lead to the same login).
 */
export function MaintenanceGate({
  children,
  askLogin = false,
}: {
  children: ReactNode;
  askLogin?: boolean;
}) {
  const { status } = useSession();
  const authModal = useAuthModal();
  const openLogin = useRef(authModal.open);
  openLogin.current = authModal.open;
  const [granted, setGranted] = useState(hasMaintenanceAccess);

  // Logging out clears the flag (§4.5): read it again whenever the session ends.
  useEffect(() => {
    if (status === 'signedOut') setGranted(hasMaintenanceAccess());
  }, [status]);

  // Another tab may grant or clear it too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === MAINTENANCE_ACCESS_KEY) {
        setGranted(hasMaintenanceAccess());
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const view = gateView(granted, status);
  useEffect(() => {
    if (view === 'loading') void loadScreen().catch(() => undefined);
  }, [view]);
  useEffect(() => {
    if (view === 'gate' && askLogin) openLogin.current('login');
  }, [view, askLogin]);

  if (view === 'open') return children;
  if (view === 'loading') return <GateLoader />;
  return (
    <Suspense fallback={<GateLoader />}>
      <ShellHandoff />
      <MaintenanceScreen
        onGranted={() => {
          grantMaintenanceAccess();
          setGranted(true);
        }}
      />
    </Suspense>
  );
}
