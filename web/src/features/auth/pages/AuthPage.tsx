import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { es } from '../../../../../shared/messages.es';
import { Card } from '../../../components/ui';
import type { AuthMode } from '../../../lib/session/authModal';
import type { SwitchLink } from '../forms/types';
import '../auth.css';

/** The centred card every standalone auth page uses; sets the document title too. */
export function AuthPage({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="page auth-page">
      <title>{`${title} · ${es.layout.brand}`}</title>
      <Card padding="lg" className="auth-card">
        <h1 className="auth-card__title">{title}</h1>
        {description ? <p className="auth-card__description">{description}</p> : null}
        {children}
      </Card>
    </div>
  );
}

const PATHS: Record<AuthMode, string> = {
  login: '/login',
  register: '/signup',
  'forgot-password': '/forgot-password',
};

/** On the standalone pages, switching mode is a link to the other page. */
export const pageSwitchLink: SwitchLink = (mode, label) => <Link to={PATHS[mode]}>{label}</Link>;

/** A status view (loading, success, error) inside the auth card. */
export function StatusBlock({
  icon,
  children,
}: {
  icon: 'loading' | 'success' | 'error';
  children: ReactNode;
}) {
  return (
    <div className={`auth-status auth-status--${icon}`}>
      <span className="auth-status__icon" aria-hidden="true">
        {icon === 'loading' ? (
          <span className="auth-status__spinner" />
        ) : (
          <svg
            viewBox="0 0 24 24"
            width="32"
            height="32"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
            focusable="false"
          >
            {icon === 'success' ? (
              <path d="m5 12 5 5 9-10" />
            ) : (
              <path d="M12 7v6M12 17h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
            )}
          </svg>
        )}
      </span>
      <div className="auth-status__body">{children}</div>
    </div>
  );
}
