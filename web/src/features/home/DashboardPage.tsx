import { Link } from 'react-router';
import { es, fmt } from '../../../../shared/messages.es';
import { Icon, type IconName } from '../../components/layout-bits/icons';
import { useSession } from '../../lib/session/session';
import './home.css';

/** /dashboard: the signed-in landing after e-mail confirmation (spec §4.5). */
export function DashboardPage() {
  const { user } = useSession();
  const name = user?.firstName.trim() || es.common.user;
  const actions: { to: string; title: string; body: string; icon: IconName }[] = [
    {
      to: '/mis-pedidos',
      title: es.nav.orders,
      body: es.pages.dashboardOrdersBody,
      icon: 'fileText',
    },
    {
      to: '/firmar-documento',
      title: es.nav.sign,
      body: es.pages.dashboardSignBody,
      icon: 'pen',
    },
  ];
  return (
    <div className="page dashboard">
      <title>{`${es.pages.dashboardTitle} · ${es.layout.brand}`}</title>
      <p className="dashboard__eyebrow">{es.pages.dashboardTitle}</p>
      <h1>{fmt(es.pages.dashboardGreeting, { name })}</h1>
      <p className="dashboard__intro">{es.pages.dashboardIntro}</p>
      <ul className="dashboard__actions">
        {actions.map((action) => (
          <li key={action.to}>
            <Link to={action.to} className="dashboard__action">
              <span className="dashboard__action-icon">
                <Icon name={action.icon} size={24} />
              </span>
              <span className="dashboard__action-text">
                <span className="dashboard__action-title">{action.title}</span>
                <span className="dashboard__action-body">{action.body}</span>
              </span>
              <Icon name="arrowRight" size={20} className="dashboard__action-arrow" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
