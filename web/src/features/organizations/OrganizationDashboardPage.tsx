import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { parseContextHeader } from '../../../../shared/contract/work-context';
import { fmt } from '../../../../shared/messages/fmt';
import { es } from '../../../../shared/messages.es';
import { formatCredits, formatMoney } from '../../../../shared/rules/currency';
import { Icon } from '../../components/layout-bits/icons';
import { StatTiles } from '../../components/stat-tiles/StatTiles';
import { Alert, Button, Card, Spinner } from '../../components/ui';
import { apiCall } from '../../lib/api';
import { contextsQuery, contextValueOf, useContextSwitch } from '../../lib/useContextSwitch';
import { CreateOrganizationModal } from './CreateOrganizationModal';
import { MembersPanel } from './MembersPanel';
import { organizationQueryKey } from './organizationQueries';
import '../../styles/status-badge.css';
import './organizations.css';

/**
 * /organization-dashboard (credits-signing-admin screen 15, with real figures; issue 22). In an
 * organisation's context: its credits, this month's documents, its members and the average per
 * document, then its members. In Personal: the organisations to work in, and 'Crear
 * Organización'.
 */
export function OrganizationDashboardPage() {
  const t = es.organizations;
  const { current } = useContextSwitch();
  const context = parseContextHeader(current);
  return (
    <div className="page org-dashboard">
      <title>{`${t.dashboardTitle} · ${es.layout.brand}`}</title>
      {context?.kind === 'organization' ? (
        <OrganizationView organizationId={context.organizationId} />
      ) : (
        <PersonalView />
      )}
    </div>
  );
}

function OrganizationView({ organizationId }: { organizationId: string }) {
  const t = es.organizations;
  const dashboard = useQuery({
    queryKey: [...organizationQueryKey(organizationId), 'dashboard'],
    queryFn: ({ signal }) =>
      apiCall('getOrganizationDashboard', { params: { id: organizationId }, signal }),
  });
  if (dashboard.isPending) return <Spinner label={es.common.loading} />;
  if (dashboard.isError) {
    return (
      <Alert tone="error">
        {t.dashboardError}{' '}
        <Button variant="ghost" size="sm" onClick={() => void dashboard.refetch()}>
          {es.common.retry}
        </Button>
      </Alert>
    );
  }
  const { organization, role, figures } = dashboard.data;
  const average = figures.average_per_document;
  return (
    <>
      <header className="org-header">
        <div>
          <h1>{organization.name}</h1>
          <p className="org-header__meta">
            <span className="status-badge status-badge--info">{t.types[organization.type]}</span>
            {fmt(t.dashboardRole, { role: t.roles[role] })}
          </p>
        </div>
        <div className="org-header__actions">
          <Link to="/mis-pedidos" className="lb-btn lb-btn--secondary">
            {t.viewOrders}
          </Link>
          <Link to="/credit-packages" className="lb-btn lb-btn--primary">
            {t.buyCredits}
          </Link>
        </div>
      </header>
      <StatTiles
        label={t.dashboardTitle}
        tiles={[
          {
            label: t.figureCredits,
            icon: 'coins',
            value: formatCredits(figures.credits),
            emphasis: true,
          },
          {
            label: t.figureDocumentsThisMonth,
            icon: 'fileText',
            value: figures.documents_this_month.toLocaleString('es-CL'),
            tone: 'neutral',
          },
          {
            label: t.figureMembers,
            icon: 'users',
            value: figures.members.toLocaleString('es-CL'),
            tone: 'neutral',
          },
          {
            label: t.figureAveragePerDocument,
            icon: 'trendingUp',
            value: average ? formatMoney(average.amount, average.currency_code) : '–',
            tone: 'success',
          },
        ]}
      />
      <MembersPanel organization={organization} role={role} />
    </>
  );
}

function PersonalView() {
  const t = es.organizations;
  const { switching, switchTo } = useContextSwitch();
  const [creating, setCreating] = useState(false);
  const contexts = useQuery(contextsQuery);
  const organizations = (contexts.data?.contexts ?? []).filter((c) => c.organization_id);
  return (
    <>
      <header className="org-header">
        <div>
          <h1>{t.dashboardTitle}</h1>
          <p className="org-header__meta">{t.dashboardPersonalIntro}</p>
        </div>
        <div className="org-header__actions">
          <Button onClick={() => setCreating(true)}>
            <Icon name="plus" size={16} /> {t.createAction}
          </Button>
        </div>
      </header>
      {contexts.isPending ? <Spinner label={es.common.loading} /> : null}
      {contexts.isSuccess && organizations.length === 0 ? (
        <p className="org-dashboard__empty">{t.dashboardNoOrganizations}</p>
      ) : null}
      <ul className="org-dashboard__list">
        {organizations.map((c) => (
          <li key={c.organization_id}>
            <Card className="org-dashboard__org">
              <div>
                <strong>{c.name}</strong>
                <p className="org-header__meta">
                  {c.type ? t.types[c.type] : null}
                  {c.role ? ` · ${t.roles[c.role]}` : null}
                  {` · ${fmt(t.balance, { n: formatCredits(c.balance) })}`}
                </p>
              </div>
              <Button
                variant="secondary"
                disabled={switching}
                onClick={() => void switchTo(contextValueOf(c))}
              >
                {fmt(t.workIn, { organization: c.name })}
              </Button>
            </Card>
          </li>
        ))}
      </ul>
      <CreateOrganizationModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={async (organization) => {
          setCreating(false);
          await contexts.refetch();
          await switchTo(contextValueOf({ organization_id: organization.id }));
        }}
      />
    </>
  );
}
