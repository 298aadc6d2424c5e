import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { es } from '../../../../shared/messages.es';
import { Alert, Modal } from '../../components/ui';
import { ForgotPasswordForm } from './forms/ForgotPasswordForm';
import { LoginForm } from './forms/LoginForm';
import { RegisterForm } from './forms/RegisterForm';
import type { AuthMode, SwitchLink } from './forms/types';
import { safeNextPath } from './redirects';
import './auth.css';

export type { AuthMode } from './forms/types';

export interface AuthModalValue {
  open(mode: AuthMode): void;
  close(): void;
}

const AuthModalContext = createContext<AuthModalValue | null>(null);

type Done = 'registered' | 'recoverySent';

const TITLES: Record<AuthMode, string> = {
  login: es.auth.loginTitle,
  register: es.auth.registerTitle,
  'forgot-password': es.auth.forgotTitle,
};

/**
 * The login / register / forgot-password modal (spec §2.6), opened from anywhere with
 * `useAuthModal().open(mode)`. Each mode is its own form, mounted afresh on every switch, so
 * switching clears the fields and the messages.
 */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<AuthMode | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const contentRef = useRef<HTMLDivElement>(null);
  const switched = useRef(false);

  const open = useCallback((next: AuthMode) => {
    switched.current = false;
    setDone(null);
    setMode(next);
  }, []);
  const close = useCallback(() => {
    setMode(null);
    setDone(null);
  }, []);
  const switchTo = useCallback((next: AuthMode) => {
    switched.current = true;
    setDone(null);
    setMode(next);
  }, []);

  // After a switch the pressed link is gone: move focus to the new view's first control.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever the view changes.
  useEffect(() => {
    if (!switched.current || mode === null) return;
    switched.current = false;
    contentRef.current?.querySelector<HTMLElement>('input, button, a[href]')?.focus();
  }, [mode, done]);

  const switchLink: SwitchLink = (target, label) => (
    <button type="button" className="ui-link-button" onClick={() => switchTo(target)}>
      {label}
    </button>
  );

  const onLoggedIn = () => {
    close();
    // A guarded page sent the visitor home with `state.from` (app/RouteGuard): go back there.
    const from = (location.state as { from?: unknown } | null)?.from;
    if (typeof from === 'string') {
      const target = safeNextPath(from, '');
      if (target) void navigate(target, { replace: true });
    }
  };

  const title = done
    ? done === 'registered'
      ? es.auth.signupSuccessTitle
      : es.auth.forgotSuccessTitle
    : mode
      ? TITLES[mode]
      : '';

  const value = useMemo<AuthModalValue>(() => ({ open, close }), [open, close]);

  return (
    <AuthModalContext.Provider value={value}>
      {children}
      <Modal
        open={mode !== null}
        onClose={close}
        title={title}
        description={mode === 'forgot-password' && !done ? es.auth.forgotHelp : undefined}
        size="sm"
      >
        <div ref={contentRef} className="auth-modal">
          {done ? (
            <div className="auth-success">
              <Alert tone="success">
                {done === 'registered' ? es.auth.registered : es.auth.recoverySent}
              </Alert>
              <p className="auth-form__switch">{switchLink('login', es.auth.backToLogin)}</p>
            </div>
          ) : mode === 'login' ? (
            <LoginForm key="login" onSuccess={onLoggedIn} switchLink={switchLink} />
          ) : mode === 'register' ? (
            <RegisterForm
              key="register"
              onSuccess={() => {
                switched.current = true;
                setDone('registered');
              }}
              switchLink={switchLink}
            />
          ) : mode === 'forgot-password' ? (
            <ForgotPasswordForm
              key="forgot"
              onSuccess={() => {
                switched.current = true;
                setDone('recoverySent');
              }}
              switchLink={switchLink}
            />
          ) : null}
        </div>
      </Modal>
    </AuthModalContext.Provider>
  );
}

export function useAuthModal(): AuthModalValue {
  const value = useContext(AuthModalContext);
  if (!value) throw new Error('useAuthModal must be used inside <AuthModalProvider>');
  return value;
}
