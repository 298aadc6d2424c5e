import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useCallback, useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { es, fmt } from '../../../../shared/messages.es';
import { Icon, type IconName } from '../../components/layout-bits/icons';
import { apiCall } from '../../lib/api';
import { useSession } from '../auth/session';
import { ordersQueryKey } from '../checkout/queryKeys';
import { CartPanel } from './CartPanel';
import { type HistoryFilters, OrdersHistory } from './OrdersHistory';
import {
  DEFAULT_PAGE_SIZE,
  parsePage,
  parsePageSize,
  parsePeriod,
  searchQuery,
} from './orderRules';
import '../checkout/checkout.css';
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

  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const baseId = useId();
  const tabId = (t: Tab) => `${baseId}-tab-${t}`;
  const panelId = (t: Tab) => `${baseId}-panel-${t}`;
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
  // Arrow keys move between the tabs (WAI-ARIA tabs pattern, automatic activation).
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((t) => t.id === tab);
    let next: number | undefined;
    if (event.key === 'ArrowRight') next = (index + 1) % TABS.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + TABS.length) % TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = TABS.length - 1;
    const target = next === undefined ? undefined : TABS[next];
    if (!target) return;
    event.preventDefault();
    choose(target.id);
    tabRefs.current[target.id]?.focus();
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

      <dl className="orders-stats" aria-label={c.statsLabel}>
        <Stat icon="fileText" label={c.statTotal} value={stats?.total_orders} />
        <Stat icon="clock" label={c.statProcessing} value={stats?.processing} />
        <Stat icon="check" label={c.statCompleted} value={stats?.completed} />
        <Stat icon="clipboard" label={c.statPending} value={stats?.pending_requests} />
      </dl>

      <div className="orders-tabs" role="tablist" aria-label={es.nav.orders}>
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={tabId(t.id)}
            aria-controls={panelId(t.id)}
            aria-selected={tab === t.id}
            tabIndex={tab === t.id ? 0 : -1}
            className="orders-tabs__tab"
            onClick={() => choose(t.id)}
            onKeyDown={onTabKey}
          >
            <Icon name={t.icon} size={18} />
            {t.label}
            {t.id === 'cart' && stats && stats.pending_requests > 0 ? (
              <span className="orders-tabs__count">{stats.pending_requests}</span>
            ) : null}
          </button>
        ))}
      </div>

      <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} className="orders-panel">
        {tab === 'orders' ? (
          <OrdersHistory filters={filters} onFilters={setFilters} list={list} />
        ) : (
          <CartPanel />
        )}
      </div>
    </div>
  );
}

function Stat({
  icon,
  label,
  value,
}: {
  icon: IconName;
  label: string;
  value: number | undefined;
}) {
  return (
    <div className="orders-stat">
      <dt className="orders-stat__label">
        <span className="orders-stat__icon" aria-hidden="true">
          <Icon name={icon} size={18} />
        </span>
        {label}
      </dt>
      <dd className="orders-stat__value">{value ?? '–'}</dd>
    </div>
  );
}
