import type { RefObject } from 'react';
import { es } from '../../../../shared/messages.es';
import { Alert, Modal } from '../../components/ui';
import type { AuthMode } from '../../lib/session/authModal';
import { ForgotPasswordForm } from './forms/ForgotPasswordForm';
import { LoginForm } from './forms/LoginForm';
import { RegisterForm } from './forms/RegisterForm';
import type { SwitchLink } from './forms/types';
import './auth.css';

export type AuthModalDone = 'registered' | 'recoverySent';

const TITLES: Record<AuthMode, string> = {
  login: es.auth.loginTitle,
  register: es.auth.registerTitle,
  'forgot-password': es.auth.forgotTitle,
};

export interface AuthModalDialogProps {
  mode: AuthMode;
  done: AuthModalDone | null;
  onClose(): void;
  contentRef: RefObject<HTMLDivElement | null>;
  switchLink: SwitchLink;
  onLoggedIn(): void;
  onDone(done: AuthModalDone): void;
}

/**
 * The open login / register / forgot-password modal. Its own chunk (with the forms, their zod
 * schemas and react-hook-form), imported by AuthModalProvider the first time the modal opens;
 * the state it shows lives in the provider.
 */
export function AuthModalDialog({
  mode,
  done,
  onClose,
  contentRef,
  switchLink,
  onLoggedIn,
  onDone,
}: AuthModalDialogProps) {
  const title = done
    ? done === 'registered'
      ? es.auth.signupSuccessTitle
      : es.auth.forgotSuccessTitle
    : TITLES[mode];

  return (
    <Modal
      open
      onClose={onClose}
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
            onSuccess={() => onDone('registered')}
            switchLink={switchLink}
          />
        ) : (
          <ForgotPasswordForm
            key="forgot"
            onSuccess={() => onDone('recoverySent')}
            switchLink={switchLink}
          />
        )}
      </div>
    </Modal>
  );
}
