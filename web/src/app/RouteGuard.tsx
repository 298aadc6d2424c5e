import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { es } from '../../../shared/messages.es';
import { PageLoader } from '../components/layout-bits/PageLoader';
import { ForbiddenPage } from '../features/placeholder/ComingSoon';
import { useAuthModal } from '../lib/session/authModal';
import { useSession } from '../lib/session/session';
import { decideAccess } from './routeAccess';
import { useRouteAccess } from './useRouteAccess';

/** Where an anonymous visitor was going; the auth modal may read it from location.state. */
export interface LoginRedirectState {
  from: string;
}

/**
 * Applies the current route's access level. Anonymous visitors of a signed-in-only route are
 * sent home with the login modal open; non-admins of an admin route see a no-permission page.
 * This only shapes the UI: the API checks every request on the server.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const access = useRouteAccess();
  const { status, user } = useSession();
  const authModal = useAuthModal();
  const authModalRef = useRef(authModal);
  authModalRef.current = authModal;
  const navigate = useNavigate();
  const location = useLocation();
  const decision = decideAccess(access, status, user?.role);
  const from = location.pathname + location.search + location.hash;

  useEffect(() => {
    if (decision !== 'login') return;
    const state: LoginRedirectState = { from };
    void Promise.resolve(navigate('/', { replace: true, state })).then(() =>
      authModalRef.current.open('login'),
    );
  }, [decision, from, navigate]);

  if (decision === 'allow') return children;
  if (decision === 'forbidden') {
    return <ForbiddenPage title={es.pages.forbiddenTitle} body={es.api.forbidden} />;
  }
  return <PageLoader />;
}
