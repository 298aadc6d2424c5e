import { useState } from 'react';
import { Link } from 'react-router';
import { es } from '../../../../../shared/messages.es';
import { Alert } from '../../../components/ui';
import { RegisterForm } from '../forms/RegisterForm';
import { AuthPage, pageSwitchLink } from './AuthPage';

/** /signup, with a success view once the confirmation e-mail is sent. */
export function SignupPage() {
  const [done, setDone] = useState(false);
  if (done) {
    return (
      <AuthPage title={es.auth.signupSuccessTitle}>
        <div className="auth-success">
          <Alert tone="success">{es.auth.registered}</Alert>
          <p className="auth-form__switch">
            <Link to="/login">{es.auth.backToLogin}</Link>
          </p>
        </div>
      </AuthPage>
    );
  }
  return (
    <AuthPage title={es.auth.registerTitle}>
      <RegisterForm onSuccess={() => setDone(true)} switchLink={pageSwitchLink} />
    </AuthPage>
  );
}
