import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { passwordRecoveryRequest } from '../../../../../shared/contract/auth';
import { es } from '../../../../../shared/messages.es';
import { Alert, Button, TextField } from '../../../components/ui';
import { apiCall } from '../../../lib/api';
import { splitFieldErrors } from '../../../lib/fieldErrors';
import { serviceErrorMessage } from '../apiErrors';
import type { SwitchLink } from './types';
import '../auth.css';

export interface ForgotPasswordFormProps {
  onSuccess(email: string): void;
  switchLink: SwitchLink;
}

/** E-mail only; the submit stays disabled while the field is empty (spec §5). */
export function ForgotPasswordForm({ onSuccess, switchLink }: ForgotPasswordFormProps) {
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<
    z.input<typeof passwordRecoveryRequest>,
    unknown,
    z.output<typeof passwordRecoveryRequest>
  >({
    resolver: zodResolver(passwordRecoveryRequest),
    defaultValues: { email: '' },
  });
  const empty = !watch('email')?.trim();

  const onSubmit = handleSubmit(async (body) => {
    setError(null);
    try {
      await apiCall('requestPasswordReset', { body });
      onSuccess(body.email);
    } catch (err) {
      const { fields, other } = splitFieldErrors(err, ['email'] as const);
      if (fields.email) setFieldError('email', { type: 'server', message: fields.email });
      setError([serviceErrorMessage(err), ...other].join(' '));
    }
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
      <Button
        type="submit"
        fullWidth
        disabled={empty}
        loading={isSubmitting}
        loadingLabel={es.auth.submitting}
      >
        {es.auth.submitForgot}
      </Button>
      <p className="auth-form__switch">{switchLink('login', es.auth.backToLogin)}</p>
    </form>
  );
}
