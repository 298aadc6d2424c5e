import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { es } from '../../../../../shared/messages.es';
import { Alert } from '../../../components/ui';
import { apiCall } from '../../../lib/api';
import { grantMaintenanceAccess } from '../../../lib/maintenanceAccess';
import { once, stripFromAddressBar } from '../../../lib/once';
import { loginUrlFor } from '../../../lib/redirects';
import { useSession } from '../../../lib/session/session';
import { confirmErrorMessage } from '../apiErrors';
import { parseConfirmQuery } from '../links';
import { AuthPage, StatusBlock } from './AuthPage';

const REDIRECT_DELAY_MS = 3000;
const AFTER_CONFIRM = '/dashboard';

type State =
  | { phase: 'loading' }
  | { phase: 'success'; choosePassword: boolean; alreadyConfirmed: boolean }
  | { phase: 'error'; message: string; invalidLink: boolean };

/**
 * /auth/confirm?token_hash=…&type=email: confirms the account once, then goes to /dashboard
 * after 3 s (spec §4.5). /dashboard needs a session and a new account has none yet, so a
 * signed-out user is sent to /login?next=/dashboard instead: same destination, one step
 * fewer than landing on a guard that bounces to the home page.
 *
 * A confirmed account lets its owner past the maintenance gate, as a login would: on a device
 * that never entered the access code, the login page it goes on to is not the gate. A second
 * click on the mail's link says the account is already confirmed and goes on the same way.
 */
export function ConfirmEmailPage() {
  // Another link opened in this tab (a new query) starts the flow afresh.
  const { search } = useLocation();
  return <ConfirmEmailFlow key={search} search={search} />;
}

function ConfirmEmailFlow({ search }: { search: string }) {
  const navigate = useNavigate();
  const { status } = useSession();
  const statusRef = useRef(status);
  statusRef.current = status;
  const [link] = useState(() => parseConfirmQuery(search));
  const [state, setState] = useState<State>(() =>
    link.ok
      ? { phase: 'loading' }
      : { phase: 'error', message: es.auth.confirmInvalidLink, invalidLink: false },
  );

  useEffect(() => {
    stripFromAddressBar('search');
  }, []);

  useEffect(() => {
    if (!link.ok) return;
    let active = true;
    once(`confirm:${link.token_hash}`, () =>
      apiCall('confirmEmail', { body: { token_hash: link.token_hash, type: link.type } }),
    ).then(
      (res) => {
        grantMaintenanceAccess();
        if (!active) return;
        setState({
          phase: 'success',
          choosePassword: res.choosePassword === true,
          alreadyConfirmed: res.alreadyConfirmed === true,
        });
      },
      (err: unknown) => {
        if (!active) return;
        const { message, invalidLink } = confirmErrorMessage(err);
        setState({ phase: 'error', message, invalidLink });
      },
    );
    return () => {
      active = false;
    };
  }, [link]);

  const redirects = state.phase === 'success' && !state.choosePassword;
  useEffect(() => {
    // A contested address (two sign-ups, two passwords) must choose its password by mail first.
    if (!redirects) return;
    const timer = setTimeout(() => {
      const target = statusRef.current === 'signedOut' ? loginUrlFor(AFTER_CONFIRM) : AFTER_CONFIRM;
      void navigate(target, { replace: true });
    }, REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [redirects, navigate]);

  return (
    <AuthPage title={es.auth.confirmTitle}>
      {state.phase === 'loading' ? (
        <StatusBlock icon="loading">
          <p role="status">{es.auth.confirming}</p>
        </StatusBlock>
      ) : state.phase === 'success' && state.alreadyConfirmed ? (
        <StatusBlock icon="success">
          <Alert tone="info" title={es.auth.alreadyConfirmed}>
            <p>{es.auth.alreadyConfirmedBody}</p>
            <p>{es.auth.redirecting}</p>
          </Alert>
        </StatusBlock>
      ) : state.phase === 'success' ? (
        <StatusBlock icon="success">
          <Alert tone="success" title={es.auth.confirmSuccess}>
            <p>{state.choosePassword ? es.auth.confirmChoosePassword : es.auth.redirecting}</p>
          </Alert>
        </StatusBlock>
      ) : (
        <StatusBlock icon="error">
          <Alert tone="error" title={state.message}>
            {state.invalidLink ? <p>{es.auth.linkExpiredOrUsed}</p> : null}
          </Alert>
          <p className="auth-form__switch">
            <Link to="/">{es.common.backHome}</Link>
          </p>
        </StatusBlock>
      )}
    </AuthPage>
  );
}
