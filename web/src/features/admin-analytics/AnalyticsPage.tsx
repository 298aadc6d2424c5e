import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { es, fmt } from '../../../../shared/messages.es';
import { formatCredits, formatMoney } from '../../../../shared/rules/currency';
import { successRate } from '../../../../shared/rules/organizations';
import { StatTiles } from '../../components/stat-tiles/StatTiles';
import { Alert, Button, Spinner } from '../../components/ui';
import { apiCall } from '../../lib/api';
import '../../components/credit-screens/credit-screens.css';
import './admin-analytics.css';

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

/** '2026-11' → 'nov 2026'. */
const monthLabel = (key: string) => {
  const [year, month] = key.split('-');
  return `${MONTHS[Number(month) - 1] ?? month} ${year}`;
};

/**
 * 'Analytics' of an organisation for the platform admin (/analytics?organization={id}, the
 * button of /admin/organizations): its last six months of documents, revenue and credits.
 */
export function AnalyticsPage() {
  const t = es.organizations;
  const [params] = useSearchParams();
  const id = params.get('organization') ?? '';
  const analytics = useQuery({
    queryKey: ['admin', 'analytics', id],
    queryFn: ({ signal }) => apiCall('getAdminOrganizationAnalytics', { params: { id }, signal }),
    enabled: id !== '',
  });
  const back = (
    <Link to="/admin/organizations" className="lb-btn lb-btn--secondary">
      {t.backToOrganizations}
    </Link>
  );
  if (!id) {
    return (
      <div className="page credits-page">
        <Alert tone="info">{t.analyticsChoose}</Alert>
        <div>{back}</div>
      </div>
    );
  }
  const data = analytics.data;
  const documents = data?.months.reduce((n, m) => n + m.documents, 0) ?? 0;
  const completed = data?.months.reduce((n, m) => n + m.completed, 0) ?? 0;
  const credits = data?.months.reduce((n, m) => n + m.credits_used, 0) ?? 0;
  const title = fmt(t.analyticsTitle, { organization: data?.organization.name ?? '…' });
  return (
    <div className="page credits-page">
      <title>{`${title} · ${es.layout.brand}`}</title>
      <header className="credits-header">
        <div>
          <h1>{title}</h1>
          <p className="credits-header__intro">{t.analyticsIntro}</p>
        </div>
        <div className="credits-header__actions">{back}</div>
      </header>
      {analytics.isPending ? <Spinner label={es.common.loading} /> : null}
      {analytics.isError ? (
        <Alert
          tone="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => void analytics.refetch()}>
              {es.common.retry}
            </Button>
          }
        >
          {analytics.error.message || t.analyticsError}
        </Alert>
      ) : null}
      {data ? (
        <>
          <StatTiles
            label={title}
            tiles={[
              {
                label: t.analyticsSixMonths,
                icon: 'fileText',
                value: documents.toLocaleString('es-CL'),
              },
              {
                label: t.analyticsCompletion,
                icon: 'check',
                value: `${successRate(documents, completed)} %`,
                tone: 'success',
              },
              {
                label: t.figureMembers,
                icon: 'users',
                value: data.members.toLocaleString('es-CL'),
                tone: 'neutral',
              },
              {
                label: t.analyticsCredits,
                icon: 'coins',
                value: formatCredits(credits),
                tone: 'neutral',
              },
            ]}
          />
          <div className="analytics-table__frame">
            <table className="analytics-table">
              <thead>
                <tr>
                  <th scope="col">{t.analyticsMonth}</th>
                  <th scope="col">{t.analyticsDocuments}</th>
                  <th scope="col">{t.analyticsCompleted}</th>
                  <th scope="col">{t.analyticsCancelled}</th>
                  <th scope="col">{t.analyticsRevenue}</th>
                  <th scope="col">{t.analyticsCredits}</th>
                </tr>
              </thead>
              <tbody>
                {data.months.map((m) => (
                  <tr key={m.month}>
                    <th scope="row">{monthLabel(m.month)}</th>
                    <td>{m.documents}</td>
                    <td>{m.completed}</td>
                    <td>{m.cancelled}</td>
                    <td>
                      {m.revenue.length
                        ? m.revenue.map((r) => formatMoney(r.amount, r.currency_code)).join(' + ')
                        : '–'}
                    </td>
                    <td>{formatCredits(m.credits_used)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </div>
  );
}
