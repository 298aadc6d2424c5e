import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { es, fmt } from '../../../../shared/messages.es';
import { Icon, type IconName } from '../../components/layout-bits/icons';
import { StatTiles } from '../../components/stat-tiles/StatTiles';
import { TabPanel, Tabs } from '../../components/ui';
import { apiCall } from '../../lib/api';
import { ordersQueryKey } from '../../lib/queryKeys';
import { useSession } from '../../lib/session/session';
import { CartPanel } from './CartPanel';
import { type HistoryFilters, OrdersHistory } from './OrdersHistory';
import { OrganizationPrompt } from './OrganizationPrompt';
import {
  DEFAULT_PAGE_SIZE,
  parsePage,
  parsePageSize,
  parsePeriod,
  searchQuery,
} from './orderRules';
import '../../styles/status-badge.css';
import './orders.css';

type Tab = 'orders' | 'cart';

const TABS: { id: Tab; label: string; icon: IconName }[] = [
  { id: 'orders', label: es.checkout.ordersTab, icon: 'history' },
  { id: 'cart', label: es.checkout.cartTab, icon: 'clipboard' },
];

/**
 * /mis-pedidos (customer-flows §2.9), the landing page after login: a welcome line, the stat
 * cards, and two tabs — the order history and the cart of pending requests. Tab and filters
 * live in the URL (`tab`, `q`, `period`, `page`, `size`).
 *
 * Not built yet: §2.9 asks users with an active organisation membership, on entering this page,
 * whether to move to the organisation dashboard (a confirm dialog). Organisations and
 * memberships do not exist in this codebase yet; when they do, read the caller's active
 * membership here (one query) and show that dialog (the app's Modal) once per visit.
 */
export function OrdersPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'cart' ? 'cart' : 'orders';
  const filters: HistoryFilters = {
    q: params.get('q') ?? '',
    period: parsePeriod(params.get('period')),
    page: parsePage(params.get('page')),
    pageSize: parsePageSize(params.get('size')),
  };

  const setFilters = useCallback(
    (next: Partial<HistoryFilters>) => {
      setParams(
        (old) => {
          const p = new URLSearchParams(old);
          const put = (key: string, value: string | undefined) => {
            if (value) p.set(key, value);
            else p.delete(key);
          };
          if ('q' in next) put('q', searchQuery(next.q ?? ''));
          if ('period' in next) put('period', next.period);
          if ('page' in next)
            put('page', next.page && next.page > 1 ? String(next.page) : undefined);
          if ('pageSize' in next) {
            put('size', next.pageSize === DEFAULT_PAGE_SIZE ? undefined : String(next.pageSize));
          }
          return p;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const q = searchQuery(filters.q);
  // Always loaded, whatever the tab: its stats feed the cards.
  const list = useQuery({
    queryKey: [
      ...ordersQueryKey,
      'list',
      { q, period: filters.period, page: filters.page, size: filters.pageSize },
    ],
    queryFn: ({ signal }) =>
      apiCall('listOrders', {
        query: { q, period: filters.period, page: filters.page, page_size: filters.pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

  const baseId = useId();
  const choose = (next: Tab) => {
    setParams(
      (old) => {
        const p = new URLSearchParams(old);
        if (next === 'cart') p.set('tab', 'cart');
        else p.delete('tab');
        return p;
      },
      { replace: true },
    );
  };

  const stats = list.data?.stats;
  const c = es.checkout;
  return (
    <div className="page orders-page">
      <title>{`${es.nav.orders} · ${es.layout.brand}`}</title>
      <header className="orders-header">
        <div>
          <h1>{es.nav.orders}</h1>
          <p className="orders-header__welcome">
            {fmt(c.welcome, { name: user?.firstName || es.common.user })}
          </p>
          <p className="orders-header__intro">{c.ordersIntro}</p>
        </div>
        <Link to="/organization-dashboard" className="lb-btn lb-btn--secondary orders-org-link">
          <Icon name="building" size={18} />
          {es.nav.organizationDashboard}
        </Link>
      </header>

      <OrganizationPrompt />

      <StatTiles
        className="orders-stats"
        label={c.statsLabel}
        tiles={[
          { icon: 'fileText', label: c.statTotal, value: stats?.total_orders },
          { icon: 'clock', label: c.statProcessing, value: stats?.processing },
          { icon: 'check', label: c.statCompleted, value: stats?.completed },
          { icon: 'clipboard', label: c.statPending, value: stats?.pending_requests },
        ]}
      />

      <Tabs
        idBase={baseId}
        className="ui-tabs"
        label={es.nav.orders}
        selected={tab}
        onSelect={choose}
        tabs={TABS.map((t) => ({
          id: t.id,
          label: t.label,
          icon: <Icon name={t.icon} size={18} />,
          badge:
            t.id === 'cart' && stats && stats.pending_requests > 0 ? (
              <span className="ui-tabs__count">{stats.pending_requests}</span>
            ) : null,
        }))}
      />

      <TabPanel idBase={baseId} selected={tab} className="orders-panel">
        {tab === 'orders' ? (
          <OrdersHistory filters={filters} onFilters={setFilters} list={list} />
        ) : (
          <CartPanel />
        )}
      </TabPanel>
    </div>
  );
}
