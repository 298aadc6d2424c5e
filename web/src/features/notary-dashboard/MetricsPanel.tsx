import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fmt } from '../../../../shared/messages/fmt';
import { es } from '../../../../shared/messages.es';
import { FactList } from '../../components/facts/FactList';
import { Icon } from '../../components/layout-bits/icons';
import { StatTiles } from '../../components/stat-tiles/StatTiles';
import { Alert, Button, Card, Spinner } from '../../components/ui';
import { apiCall } from '../../lib/api';
import { useSession } from '../../lib/session/session';
import { minutesText, namesOf, regionText } from './dashboardRules';
import { metricsQueryKey } from './notaryQueries';

/**
 * The 'Métricas' tab (screen 16): received, processed, average minutes and success rate, then
 * the notary's settings (services, region, weight, state). 'Configurar' leads to the admin's
 * settings screen, so only a platform admin sees it.
 */
export function MetricsPanel({ organizationId }: { organizationId: string }) {
  const t = es.notary;
  const { user } = useSession();
  const metrics = useQuery({
    queryKey: metricsQueryKey(organizationId),
    queryFn: ({ signal }) => apiCall('getNotaryMetrics', { signal }),
  });
  if (metrics.isPending) {
    return (
      <div className="notary-list__state">
        <Spinner label={es.common.loading} />
      </div>
    );
  }
  if (metrics.isError) {
    return (
      <Alert
        tone="error"
        action={
          <Button variant="secondary" size="sm" onClick={() => void metrics.refetch()}>
            {es.common.retry}
          </Button>
        }
      >
        {t.metricsError}
      </Alert>
    );
  }
  const m = metrics.data;
  const count = (n: number) => n.toLocaleString('es-CL');
  const services = namesOf(m.settings.services_offered, m.services);
  return (
    <div className="notary-metrics">
      <StatTiles
        label={fmt(t.metricsTitle, { organization: m.organization.name })}
        tiles={[
          { label: t.metricsReceived, icon: 'inbox', value: count(m.total_received) },
          {
            label: t.metricsProcessed,
            icon: 'check',
            value: count(m.total_processed),
            tone: 'success',
          },
          {
            label: t.metricsAverage,
            icon: 'clock',
            value: m.average_minutes === null ? t.metricsNone : minutesText(m.average_minutes),
            tone: 'neutral',
          },
          {
            label: t.metricsSuccess,
            icon: 'trendingUp',
            value: fmt(t.successRateValue, { n: m.success_rate }),
            tone: 'success',
          },
        ]}
      />
      <Card as="section" className="notary-metrics__settings">
        <FactList
          layout="grid"
          facts={[
            {
              label: t.metricsServices,
              value: services.length ? services.join(', ') : t.metricsNone,
            },
            { label: t.metricsRegion, value: regionText(m.settings.regions, m.regions) },
            { label: t.metricsWeight, value: count(m.settings.assignment_weight) },
            {
              label: t.metricsActive,
              value: (
                <span
                  className={`status-badge ${m.settings.active ? 'status-badge--success' : 'status-badge--muted'}`}
                >
                  {m.settings.active ? t.metricsActiveYes : t.metricsActiveNo}
                </span>
              ),
            },
          ]}
        />
        {user?.role === 'admin' ? (
          <Link
            to={`/admin/notary/${encodeURIComponent(organizationId)}/settings`}
            className="lb-btn lb-btn--secondary lb-btn--sm notary-metrics__configure"
          >
            <Icon name="settings" size={16} />
            {t.metricsConfigure}
          </Link>
        ) : null}
      </Card>
    </div>
  );
}
