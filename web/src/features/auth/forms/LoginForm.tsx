import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { emailField } from '../../../../../shared/contract/common';
import { es } from '../../../../../shared/messages.es';
import { Alert, Button, PasswordField, TextField } from '../../../components/ui';
import { apiCall } from '../../../lib/api';
import type { SessionUser } from '../../../lib/session/sessionUser';
import { serviceErrorMessage } from '../apiErrors';
import { useLogin } from '../useLogin';
import type { SwitchLink } from './types';
import '../auth.css';

/** Login needs both fields; the password rules of sign-up do not apply to existing accounts. */
const loginSchema = z.object({
  email: emailField,
  password: z
    .string({ error: es.auth.required })
    .check(z.minLength(1, { error: es.auth.required })),
});

export interface LoginFormProps {
  onSuccess(user: SessionUser | null): void;
  switchLink: SwitchLink;
}

export function LoginForm({ onSuccess, switchLink }: LoginFormProps) {
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);
  const [resend, setResend] = useState<'idle' | 'sending' | 'sent'>('idle');
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setError(null);
    setResend('idle');
    const result = await login(email, password);
    if (result.ok) onSuccess(result.user);
    else setError(result.message);
  });

  // An account whose confirmation link was not followed: offer the mail again, for the address
  // typed (the answer is the same whether or not it has a pending account).
  const resendMail = async () => {
    setResend('sending');
    try {
      await apiCall('resendConfirmation', { body: { email: getValues('email') } });
      setResend('sent');
    } catch (err) {
      setResend('idle');
      setError(serviceErrorMessage(err));
    }
  };
  const offerResend = error === es.auth.notConfirmed && resend !== 'sent';

  return (
    <form className="ui-form auth-form" noValidate onSubmit={onSubmit}>
      {resend === 'sent' ? (
        <Alert tone="success">{es.auth.confirmationResent}</Alert>
      ) : error ? (
        <Alert
          tone="error"
          action={
            offerResend ? (
              <Button
                variant="secondary"
                size="sm"
                loading={resend === 'sending'}
                loadingLabel={es.auth.resendingConfirmation}
                onClick={() => void resendMail()}
              >
                {es.auth.resendConfirmation}
              </Button>
            ) : null
          }
        >
          {error}
        </Alert>
      ) : null}
      <TextField
        label={es.auth.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordField
        label={es.auth.password}
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...register('password')}
      />
      <p className="auth-form__aside">{switchLink('forgot-password', es.auth.forgotLink)}</p>
      <Button type="submit" fullWidth loading={isSubmitting} loadingLabel={es.auth.submitting}>
        {es.auth.submitLogin}
      </Button>
      <p className="auth-form__switch">{switchLink('register', es.auth.noAccount)}</p>
    </form>
  );
}
