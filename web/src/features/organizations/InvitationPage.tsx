import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Organization } from '../../../../shared/contract/organizations';
import { organizationContextValue } from '../../../../shared/contract/work-context';
import { fmt } from '../../../../shared/messages/fmt';
import { es } from '../../../../shared/messages.es';
import type { OrganizationRole } from '../../../../shared/rules/organizations';
import { Alert, Button, Card, Spinner } from '../../components/ui';
import { apiCall } from '../../lib/api';
import { once } from '../../lib/once';
import { contextsQueryKey } from '../../lib/queryKeys';
import { useAuthModal } from '../../lib/session/authModal';
import { useSession } from '../../lib/session/session';
import { switchWorkContext } from '../../lib/workContext';
import './organizations.css';

type State =
  | { phase: 'waiting' }
  | { phase: 'accepting' }
  | { phase: 'joined'; organization: Organization; role: OrganizationRole }
  | { phase: 'error'; message: string };

/** The token of the mail's link (`/invitacion?token=…`), or null when it has none. */
function tokenOf(search: string): string | null {
  const token = new URLSearchParams(search).get('token');
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/**
 * /invitacion?token=…: the link of an invitation to an organisation. Signed out, it says which
 * account to use and comes back here after the login; signed in, it accepts the invitation once
 * (the server checks that the account's e-mail is the invited one) and offers to work in the
 * organisation's context.
 */
export function InvitationPage() {
  const t = es.organizations;
  const { search } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { status } = useSession();
  // In the modal, on this very page: it needs no access code, and the login comes back here.
  const authModal = useAuthModal();
  const [token] = useState(() => tokenOf(search));
  const [state, setState] = useState<State>(() =>
    token ? { phase: 'waiting' } : { phase: 'error', message: t.invitationInvalid },
  );

  useEffect(() => {
    if (!token || status !== 'signedIn') return;
    let active = true;
    setState({ phase: 'accepting' });
    once(`invitation:${token}`, () => apiCall('acceptInvitation', { body: { token } })).then(
      ({ organization, role }) => {
        if (!active) return;
        setState({ phase: 'joined', organization, role });
        void queryClient.invalidateQueries({ queryKey: contextsQueryKey });
      },
      (err: unknown) => {
        if (active)
          setState({
            phase: 'error',
            message: err instanceof Error ? err.message : t.invitationInvalid,
          });
      },
    );
    return () => {
      active = false;
    };
  }, [token, status, queryClient]);

  const workThere = async (organization: Organization) => {
    await switchWorkContext(queryClient, organizationContextValue(organization.id));
    await queryClient.invalidateQueries({ queryKey: contextsQueryKey });
    await navigate('/credit-packages');
  };

  return (
    <section className="invitation-page">
      <Card className="invitation-page__card">
        <h1 className="invitation-page__title">{t.invitationTitle}</h1>
        {state.phase === 'error' ? (
          <>
            <Alert tone="error">{state.message}</Alert>
            <Link to="/" className="lb-btn lb-btn--secondary">
              {es.common.backHome}
            </Link>
          </>
        ) : state.phase === 'joined' ? (
          <>
            <Alert tone="success">
              {fmt(t.invitationJoined, {
                organization: state.organization.name,
                role: t.roles[state.role],
              })}
            </Alert>
            <Button onClick={() => void workThere(state.organization)}>
              {fmt(t.workIn, { organization: state.organization.name })}
            </Button>
          </>
        ) : status === 'signedOut' ? (
          <>
            <p>{t.invitationSignIn}</p>
            <p className="invitation-page__hint">{t.invitationNoAccount}</p>
            <div className="invitation-page__actions">
              <Button onClick={() => authModal.open('login')}>{es.auth.login}</Button>
              <Button variant="secondary" onClick={() => authModal.open('register')}>
                {es.auth.register}
              </Button>
            </div>
          </>
        ) : (
          <p className="invitation-page__status">
            <Spinner /> {t.invitationAccepting}
          </p>
        )}
      </Card>
    </section>
  );
}
