import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { parseContextHeader } from '../../../../shared/contract/work-context';
import { fmt } from '../../../../shared/messages/fmt';
import { es } from '../../../../shared/messages.es';
import { Icon, type IconName } from '../../components/layout-bits/icons';
import { StatTiles } from '../../components/stat-tiles/StatTiles';
import { Alert, Button, Spinner, TabPanel, Tabs } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { contextsQuery, contextValueOf, useContextSwitch } from '../../lib/useContextSwitch';
import { AssignmentList } from './AssignmentList';
import {
  DASHBOARD_TABS,
  type DashboardTab,
  groupOfTab,
  overdueBannerText,
  tabOf,
} from './dashboardRules';
import { MetricsPanel } from './MetricsPanel';
import { assignmentsQuery } from './notaryQueries';
import '../../styles/status-badge.css';
import './notary-dashboard.css';

const TAB_ICONS: Record<DashboardTab, IconName> = {
  pending: 'inbox',
  processing: 'clock',
  completed: 'check',
  metrics: 'trendingUp',
};

/**
 * /notary-dashboard (credits-signing-admin §2 screen 16, §6): the queue of the notary
 * organisation the user works in. The work context must be a notary's (§6): in Personal or a
 * company the screen says so ('Acceso denegado…') and offers the notaries the user belongs to
 * and the organisation dashboard; the server refuses the calls the same way (403).
 */
export function NotaryDashboardPage() {
  const { current } = useContextSwitch();
  const context = parseContextHeader(current);
  const contexts = useQuery(contextsQuery);
  const organizationId = context?.kind === 'organization' ? context.organizationId : null;
  const mine = contexts.data?.contexts.find((c) => c.organization_id === organizationId);
  let body: ReactNode;
  if (organizationId && contexts.isPending) {
    body = (
      <div className="notary-list__state">
        <Spinner label={es.common.loading} />
      </div>
    );
  } else if (!organizationId || (mine && mine.type !== 'notary') || (contexts.isSuccess && !mine)) {
    body = <NotaryContextRequired />;
  } else {
    // A notary's context (or the list of contexts could not be read: the server checks anyway).
    body = <NotaryView organizationId={organizationId} name={mine?.name ?? ''} />;
  }
  return (
    <div className="page notary-dashboard">
      <title>{`${es.notary.dashboardTitle} · ${es.layout.brand}`}</title>
      {body}
    </div>
  );
}

/** §6: not in a notary's context. The way out: a notary of the user's, or the organisations. */
function NotaryContextRequired() {
  const t = es.notary;
  const contexts = useQuery(contextsQuery);
  const { switching, switchTo } = useContextSwitch();
  const notaries = (contexts.data?.contexts ?? []).filter((c) => c.type === 'notary');
  return (
    <>
      <header className="notary-header">
        <h1>{t.dashboardTitle}</h1>
      </header>
      <Alert
        tone="warning"
        title={es.organizations.accessRestricted}
        action={
          <div className="notary-denied__actions">
            {notaries.map((c) => (
              <Button
                key={c.organization_id}
                disabled={switching}
                onClick={() => void switchTo(contextValueOf(c))}
              >
                {fmt(t.workInNotary, { organization: c.name })}
              </Button>
            ))}
            <Link to="/organization-dashboard" className="lb-btn lb-btn--secondary lb-btn--sm">
              <Icon name="building" size={16} />
              {t.goToOrganizations}
            </Link>
          </div>
        }
      >
        {es.organizations.notaryContextRequired}
      </Alert>
    </>
  );
}

function NotaryView({ organizationId, name }: { organizationId: string; name: string }) {
  const t = es.notary;
  const baseId = useId();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const group = groupOfTab(tab);
  // The pending tab's first page carries the counters on every tab (the metrics' too).
  const pending = useInfiniteQuery(assignmentsQuery(organizationId, 'pending'));
  const list = useInfiniteQuery({
    ...assignmentsQuery(organizationId, group ?? 'pending'),
    enabled: group !== null,
  });
  const denied = [pending.error, list.error].some((e) => e instanceof ApiError && e.status === 403);
  if (denied) return <NotaryContextRequired />;

  const counters =
    (group ? list : pending).data?.pages[0]?.counters ?? pending.data?.pages[0]?.counters;
  const banner = counters ? overdueBannerText(counters.overdue) : null;
  const choose = (next: DashboardTab) =>
    setParams(
      (old) => {
        const p = new URLSearchParams(old);
        if (next === 'pending') p.delete('tab');
        else p.set('tab', next);
        return p;
      },
      { replace: true },
    );
  const count = (n: number | undefined) =>
    n === undefined ? undefined : n.toLocaleString('es-CL');

  return (
    <>
      <header className="notary-header">
        <h1>{t.dashboardTitle}</h1>
        {name ? (
          <p className="notary-header__intro">{fmt(t.dashboardIntro, { organization: name })}</p>
        ) : null}
      </header>
      <StatTiles
        className="notary-counters"
        label={t.countersLabel}
        tiles={[
          {
            label: t.counterTotal,
            icon: 'fileText',
            value: count(counters?.total),
            emphasis: true,
          },
          {
            label: t.counterPending,
            icon: 'inbox',
            value: count(counters?.pending),
            tone: 'warning',
          },
          {
            label: t.counterProcessing,
            icon: 'clock',
            value: count(counters?.processing),
            tone: 'neutral',
          },
          {
            label: t.counterCompleted,
            icon: 'check',
            value: count(counters?.completed),
            tone: 'success',
          },
          {
            label: t.counterOverdue,
            icon: 'alertTriangle',
            value: count(counters?.overdue),
            tone: counters?.overdue ? 'warning' : 'neutral',
          },
        ]}
      />
      {banner ? (
        <Alert tone="warning" className="notary-overdue">
          {banner}
        </Alert>
      ) : null}
      <Tabs
        idBase={baseId}
        className="ui-tabs"
        label={t.dashboardTitle}
        selected={tab}
        onSelect={choose}
        tabs={DASHBOARD_TABS.map((id) => ({
          id,
          label: t.tabs[id],
          icon: <Icon name={TAB_ICONS[id]} size={18} />,
          badge:
            id !== 'metrics' && counters && counters[id] > 0 ? (
              <span className="ui-tabs__count">{count(counters[id])}</span>
            ) : null,
        }))}
      />
      <TabPanel idBase={baseId} selected={tab} className="notary-panel">
        {group ? (
          <AssignmentList organizationId={organizationId} group={group} list={list} />
        ) : (
          <MetricsPanel organizationId={organizationId} />
        )}
      </TabPanel>
    </>
  );
}
