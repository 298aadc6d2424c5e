import { Link } from 'react-router';
import { es } from '../../../../shared/messages.es';
import { Icon, type IconName } from '../../components/layout-bits/icons';
import '../../styles/status-page.css';

interface StatusPageProps {
  title: string;
  body: string;
  icon: IconName;
  badge?: string;
  /** What a 'Próximamente' badge waits for (data-soon, issue 21). */
  badgeItem?: string;
  tone?: 'primary' | 'warning' | 'danger';
}

function StatusPage({ title, body, icon, badge, badgeItem, tone = 'primary' }: StatusPageProps) {
  return (
    <div className="page status-page">
      <title>{`${title} · ${es.layout.brand}`}</title>
      <div className="status-page__card card">
        <span className={`status-page__icon status-page__icon--${tone}`}>
          <Icon name={icon} size={28} />
        </span>
        {badge && (
          <p className="status-page__badge" data-soon={badgeItem}>
            {badge}
          </p>
        )}
        <h1>{title}</h1>
        <p className="status-page__body">{body}</p>
        <Link to="/" className="lb-btn lb-btn--primary">
          <Icon name="home" size={18} />
          {es.common.backHome}
        </Link>
      </div>
    </div>
  );
}

/**
 * Placeholder for a screen whose feature is not built yet; rendered inside the proper layout.
 * `item`: the catalogue items it waits for ("service:fea"), or "page" (see router.tsx soon()).
 */
export function ComingSoon({ title, item = 'page' }: { title: string; item?: string }) {
  return (
    <StatusPage
      title={title}
      body={es.common.soon}
      icon="clock"
      badge={es.common.soonTitle}
      badgeItem={item}
    />
  );
}

export function NotFoundPage() {
  return (
    <StatusPage
      title={es.common.notFoundTitle}
      body={es.common.notFound}
      icon="alertTriangle"
      badge="404"
      tone="warning"
    />
  );
}

export function ForbiddenPage({ title, body }: { title: string; body: string }) {
  return <StatusPage title={title} body={body} icon="lock" tone="danger" />;
}
