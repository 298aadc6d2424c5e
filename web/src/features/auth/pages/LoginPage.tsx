import { useEffect, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { es } from '../../../../../shared/messages.es';
import { Alert } from '../../../components/ui';
import { loginNoticeText } from '../../../lib/loginNotice';
import { safeNextPath } from '../../../lib/redirects';
import { useSession } from '../../../lib/session/session';
import { LoginForm } from '../forms/LoginForm';
import { AuthPage, pageSwitchLink } from './AuthPage';

/**
 * /login. Afterwards the user goes to `?next=` when it is a path on this site (or to the page a
 * guard sent them from), else to /mis-pedidos, the landing page after login (spec §2.1).
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const { status, signOut } = useSession();
  const from = (location.state as { from?: unknown } | null)?.from;
  // A notice means the account was signed out everywhere (a password change): this tab signs
  // out here, once the page that sent us is gone, keeping the app open (no maintenance gate);
  // until that lands, a still-signed-in status must not bounce the user back.
  const [notice] = useState(() => loginNoticeText(location.state));
  const [awaitingSignOut, setAwaitingSignOut] = useState(notice !== undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the notice this page opened with
  useEffect(() => {
    if (notice) void signOut({ keepAppOpen: true });
  }, []);
  useEffect(() => {
    if (status === 'signedOut') setAwaitingSignOut(false);
  }, [status]);
  const next = safeNextPath(params.get('next') ?? (typeof from === 'string' ? from : null));

  // Once signed in (by this form, another tab, or already before) leave for the target.
  if (status === 'signedIn' && !awaitingSignOut) return <Navigate to={next} replace />;

  return (
    <AuthPage title={es.auth.loginTitle}>
      {notice ? (
        <Alert tone="success" className="auth-notice">
          {notice}
        </Alert>
      ) : null}
      <LoginForm onSuccess={() => undefined} switchLink={pageSwitchLink} />
    </AuthPage>
  );
}
