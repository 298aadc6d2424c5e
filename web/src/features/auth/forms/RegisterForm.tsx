import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { type SignUpFormValues, signUpForm } from '../../../../../shared/contract/auth';
import { LEGAL_PATHS } from '../../../../../shared/legal';
import { es } from '../../../../../shared/messages.es';
import { Alert, Button, PasswordField, TextField } from '../../../components/ui';
import { apiCall } from '../../../lib/api';
import { splitFieldErrors } from '../../../lib/fieldErrors';
import { registerErrorMessage } from '../apiErrors';
import type { SwitchLink } from './types';
import '../auth.css';

const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'password',
  'confirmPassword',
  'acceptTerms',
] as const;

export interface RegisterFormProps {
  /** Called once the account exists and the confirmation e-mail is on its way. */
  onSuccess(email: string): void;
  switchLink: SwitchLink;
}

/**
 * Sign-up with the server's own rules (shared schema): names, e-mail, password twice, and the
 * ticked acceptance of the terms and the privacy policy (the server refuses it without).
 */
export function RegisterForm({ onSuccess, switchLink }: RegisterFormProps) {
  const [error, setError] = useState<{ message: string; offerLogin: boolean } | null>(null);
  const consentErrorId = useId();
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<SignUpFormValues, unknown, z.output<typeof signUpForm>>({
    resolver: zodResolver(signUpForm),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false,
    },
  });
  const consentError = errors.acceptTerms?.message;

  const onSubmit = handleSubmit(async (body) => {
    setError(null);
    try {
      await apiCall('signUp', { body });
      onSuccess(body.email);
    } catch (err) {
      const { fields, other } = splitFieldErrors(err, FIELDS);
      for (const [name, message] of Object.entries(fields)) {
        setFieldError(name as (typeof FIELDS)[number], { type: 'server', message });
      }
      const message = [registerErrorMessage(err), ...other].join(' ');
      setError({ message, offerLogin: message === es.auth.alreadyRegistered });
    }
  });

  return (
    <form className="ui-form auth-form" noValidate onSubmit={onSubmit}>
      {error ? (
        <Alert tone="error" action={error.offerLogin ? switchLink('login', es.auth.login) : null}>
          {error.message}
        </Alert>
      ) : null}
      <div className="ui-form__row">
        <TextField
          label={es.auth.firstName}
          autoComplete="given-name"
          required
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label={es.auth.lastName}
          autoComplete="family-name"
          required
          error={errors.lastName?.message}
          {...register('lastName')}
        />
      </div>
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
      <div className="auth-consent">
        <label className="auth-consent__label">
          <input
            type="checkbox"
            required
            aria-invalid={consentError ? true : undefined}
            aria-describedby={consentError ? consentErrorId : undefined}
            {...register('acceptTerms')}
          />
          <span>
            {es.legal.consentBefore}
            <LegalLink to={LEGAL_PATHS.terms}>{es.legal.consentTermsLink}</LegalLink>
            {es.legal.consentBetween}
            <LegalLink to={LEGAL_PATHS.privacy}>{es.legal.consentPrivacyLink}</LegalLink>
          </span>
        </label>
        {consentError ? (
          <p id={consentErrorId} className="ui-field__error" role="alert">
            {consentError}
          </p>
        ) : null}
      </div>
      <Button type="submit" fullWidth loading={isSubmitting} loadingLabel={es.auth.submitting}>
        {es.auth.submitRegister}
      </Button>
      <p className="auth-form__switch">{switchLink('login', es.auth.haveAccount)}</p>
    </form>
  );
}

/** A legal page in a new tab: the form (and the open modal) stays as it was typed. */
function LegalLink({ to, children }: { to: string; children: string }) {
  return (
    <a href={to} target="_blank" rel="noopener" title={es.legal.opensInNewTab}>
      {children}
    </a>
  );
}
