import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { verifyAccessCodeRequest } from '../../../../shared/contract/maintenance';
import { LEGAL_PATHS } from '../../../../shared/legal';
import { es, fmt } from '../../../../shared/messages.es';
import { santiagoYear } from '../../../../shared/rules/santiago-time';
import { Alert, Button, Card, PasswordField } from '../../components/ui';
import { apiCall } from '../../lib/api';
import { useAuthModal } from '../../lib/session/authModal';
import {
  ACCESS_CHECK_MIN_MS,
  accessCodeFailure,
  OFFICIAL_PLATFORM_URL,
  withMinimumDuration,
} from './access';
import './maintenance.css';

type CodeForm = z.input<typeof verifyAccessCodeRequest>;

/** Splits the contact line so its e-mail address becomes a mailto link. */
function ContactLine({ text }: { text: string }) {
  const match = /[\w.+-]+@[\w-]+(\.[\w-]+)+/.exec(text);
  if (!match) return <>{text}</>;
  const [address] = match;
  return (
    <>
      {text.slice(0, match.index)}
      <a href={`mailto:${address}`}>{address}</a>
      {text.slice(match.index + address.length)}
    </>
  );
}

/**
 * The gate itself: the access-code form (zod schema, react-hook-form) and the login button. Its
 * own chunk, loaded by MaintenanceGate only for a visitor who may have to see it.
 */
export function MaintenanceScreen({ onGranted }: { onGranted(): void }) {
  const authModal = useAuthModal();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    setError: setFieldError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<CodeForm, unknown, z.output<typeof verifyAccessCodeRequest>>({
    resolver: zodResolver(verifyAccessCodeRequest),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(async ({ code }) => {
    setError(null);
    try {
      // The code is checked only by the server; the answer takes at least 1 s (spec §5).
      await withMinimumDuration(
        apiCall('verifyAccessCode', { body: { code } }),
        ACCESS_CHECK_MIN_MS,
      );
    } catch (err) {
      const failure = accessCodeFailure(err);
      if (failure.clearField) {
        setValue('code', '');
        setFieldError('code', { type: 'server', message: failure.message });
        setFocus('code');
      } else {
        setError(failure.message);
      }
      return;
    }
    onGranted();
  });

  const year = santiagoYear(new Date());

  return (
    <div className="gate">
      <main className="gate__main" id="main-content">
        <title>{`${es.maintenance.title} · ${es.layout.brand}`}</title>
        <div className="gate__brand" aria-hidden="true">
          <span className="gate__logo">S</span>
          <span className="gate__brand-name">{es.layout.brand}</span>
        </div>
        <h1 className="gate__title">{es.maintenance.title}</h1>
        <p className="gate__description">{es.maintenance.description}</p>
        <p className="gate__official">
          <a className="gate__official-link" href={OFFICIAL_PLATFORM_URL} rel="noopener">
            {es.maintenance.officialLink}
            <span aria-hidden="true"> →</span>
          </a>
        </p>

        <Card padding="lg" className="gate__card">
          <form className="ui-form" noValidate onSubmit={onSubmit}>
            {error ? <Alert tone="error">{error}</Alert> : null}
            <PasswordField
              label={es.maintenance.codeLabel}
              placeholder={es.maintenance.codePlaceholder}
              autoComplete="off"
              showLabel={es.maintenance.showCode}
              hideValueLabel={es.maintenance.hideCode}
              required
              error={errors.code?.message}
              {...register('code')}
            />
            <Button
              type="submit"
              fullWidth
              loading={isSubmitting}
              loadingLabel={es.maintenance.submitting}
            >
              {es.maintenance.submit}
            </Button>
          </form>
          <div className="gate__login">
            <p>{es.maintenance.loginHint}</p>
            <Button variant="secondary" fullWidth onClick={() => authModal.open('login')}>
              {es.auth.login}
            </Button>
          </div>
        </Card>

        <section className="gate__newsletter" aria-labelledby="gate-newsletter-title">
          <h2 id="gate-newsletter-title">{es.maintenance.newsletterTitle}</h2>
          {/* The newsletter form (spec §2.4) is built in its own issue and mounted here. */}
        </section>
      </main>
      <footer className="gate__footer">
        <p>
          <ContactLine text={es.maintenance.contact} />
        </p>
        {/* The legal pages are open without the code (app/paths.ts). Plain links: this screen
            is also prerendered outside the router (prerender/shells.tsx). */}
        <p className="gate__legal">
          <a href={LEGAL_PATHS.terms}>{es.legal.termsTitle}</a>
          <a href={LEGAL_PATHS.privacy}>{es.legal.privacyTitle}</a>
        </p>
        <p>{fmt(es.maintenance.copyright, { year })}</p>
      </footer>
    </div>
  );
}
