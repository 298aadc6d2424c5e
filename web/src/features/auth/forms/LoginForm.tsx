import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { emailField } from '../../../../../shared/contract/common';
import { es } from '../../../../../shared/messages.es';
import { Alert, Button, PasswordField, TextField } from '../../../components/ui';
import type { SessionUser } from '../../../lib/session/sessionUser';
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
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setError(null);
    const result = await login(email, password);
    if (result.ok) onSuccess(result.user);
    else setError(result.message);
  });

  return (
    <form className="ui-form auth-form" noValidate onSubmit={onSubmit}>
      {error ? <Alert tone="error">{error}</Alert> : null}
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
