import { useState } from 'react';
import { Link } from 'react-router';
import { es } from '../../../../../shared/messages.es';
import { Alert } from '../../../components/ui';
import { ForgotPasswordForm } from '../forms/ForgotPasswordForm';
import { AuthPage, pageSwitchLink } from './AuthPage';

/** /forgot-password, with a success view once the link is sent (same answer for any e-mail). */
export function ForgotPasswordPage() {
  const [done, setDone] = useState(false);
  if (done) {
    return (
      <AuthPage title={es.auth.forgotSuccessTitle}>
        <div className="auth-success">
          <Alert tone="success">{es.auth.recoverySent}</Alert>
          <p className="auth-form__switch">
            <Link to="/login">{es.auth.backToLogin}</Link>
          </p>
        </div>
      </AuthPage>
    );
  }
  return (
    <AuthPage title={es.auth.forgotTitle} description={es.auth.forgotHelp}>
      <ForgotPasswordForm onSuccess={() => setDone(true)} switchLink={pageSwitchLink} />
    </AuthPage>
  );
}
