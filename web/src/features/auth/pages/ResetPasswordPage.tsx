import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { es, fmt } from '../../../../../shared/messages.es';
import { Alert, Button, PasswordField } from '../../../components/ui';
import { ApiError, apiCall } from '../../../lib/api';
import { splitFieldErrors } from '../../../lib/fieldErrors';
import { once, stripFromAddressBar } from '../../../lib/once';
import { resetCheckErrorMessage, resetUpdateErrorMessage } from '../apiErrors';
import { parseResetHash } from '../links';
import { type NewPasswordForm, newPasswordForm } from '../resetForm';
import { useLogin } from '../useLogin';
import { AuthPage, StatusBlock } from './AuthPage';

const REDIRECT_DELAY_MS = 3000;
/** Spec §2.1 / §4.5: the landing page after a password reset. */
const AFTER_RESET = '/mis-pedidos';

type State =
  | { phase: 'loading' }
  | { phase: 'ready'; email: string }
  | { phase: 'success'; signedIn: Promise<unknown> }
  | { phase: 'error'; message: string };

/**
 * /reset-password#access_token=…&type=recovery: validates the link (without spending it), asks
 * for the new password twice, sets it, then signs the user in with it and goes to /mis-pedidos
 * after 3 s, as the original did (its recovery link carried a session). Should that sign-in
 * fail, /mis-pedidos asks for a login as for any signed-out visitor.
 */
export function ResetPasswordPage() {
  // A new link opened in this tab (only the hash changes) starts the flow afresh.
  const { hash } = useLocation();
  return <ResetPasswordFlow key={hash} hash={hash} />;
}

function ResetPasswordFlow({ hash }: { hash: string }) {
  const navigate = useNavigate();
  const [link] = useState(() => parseResetHash(hash));
  const [state, setState] = useState<State>(() =>
    link.ok ? { phase: 'loading' } : { phase: 'error', message: es.auth.resetInvalidLink },
  );

  useEffect(() => {
    stripFromAddressBar('hash');
  }, []);

  useEffect(() => {
    if (!link.ok) return;
    let active = true;
    once(`reset-check:${link.access_token}`, () =>
      apiCall('checkResetToken', { body: { access_token: link.access_token, type: link.type } }),
    ).then(
      ({ email }) => {
        if (active) setState({ phase: 'ready', email });
      },
      (err: unknown) => {
        if (active) setState({ phase: 'error', message: resetCheckErrorMessage(err) });
      },
    );
    return () => {
      active = false;
    };
  }, [link]);

  // Leave 3 s after success, and not before the sign-in with the new password has settled.
  useEffect(() => {
    if (state.phase !== 'success') return;
    let active = true;
    const wait = new Promise((resolve) => setTimeout(resolve, REDIRECT_DELAY_MS));
    void Promise.all([state.signedIn.catch(() => undefined), wait]).then(() => {
      if (active) void navigate(AFTER_RESET, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [state, navigate]);

  return (
    <AuthPage title={es.auth.resetTitle}>
      {state.phase === 'loading' ? (
        <StatusBlock icon="loading">
          <p role="status">{es.auth.resetValidating}</p>
        </StatusBlock>
      ) : state.phase === 'ready' && link.ok ? (
        <NewPasswordFormView
          token={link.access_token}
          email={state.email}
          onDone={(signedIn) => setState({ phase: 'success', signedIn })}
          onLinkGone={(message) => setState({ phase: 'error', message })}
        />
      ) : state.phase === 'success' ? (
        <StatusBlock icon="success">
          <Alert tone="success" title={es.auth.resetSuccess}>
            <p>{es.auth.redirecting}</p>
          </Alert>
        </StatusBlock>
      ) : state.phase === 'error' ? (
        <StatusBlock icon="error">
          <Alert tone="error" title={state.message} />
          <p className="auth-form__switch">
            <Link to="/forgot-password">{es.auth.forgot}</Link>
          </p>
        </StatusBlock>
      ) : null}
    </AuthPage>
  );
}

function NewPasswordFormView({
  token,
  email,
  onDone,
  onLinkGone,
}: {
  token: string;
  email: string;
  onDone(signedIn: Promise<unknown>): void;
  onLinkGone(message: string): void;
}) {
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password, confirmPassword }) => {
    setError(null);
    try {
      await apiCall('resetPassword', {
        body: { access_token: token, type: 'recovery', password, confirmPassword },
      });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INVALID_LINK') {
        onLinkGone(resetUpdateErrorMessage(err));
        return;
      }
      const { fields, other } = splitFieldErrors(err, ['password', 'confirmPassword'] as const);
      if (fields.password) setFieldError('password', { type: 'server', message: fields.password });
      if (fields.confirmPassword) {
        setFieldError('confirmPassword', { type: 'server', message: fields.confirmPassword });
      }
      setError([resetUpdateErrorMessage(err), ...other].join(' '));
      return;
    }
    onDone(login(email, password));
  });

  return (
    <form className="ui-form auth-form" noValidate onSubmit={onSubmit}>
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <p className="auth-card__description">{fmt(es.auth.resetAccount, { email })}</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <PasswordField
        label={es.auth.newPassword}
        autoComplete="new-password"
        placeholder={es.auth.passwordPlaceholder}
        required
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label={es.auth.confirmPassword}
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" fullWidth loading={isSubmitting} loadingLabel={es.auth.submitting}>
        {es.auth.submitReset}
      </Button>
    </form>
  );
}
