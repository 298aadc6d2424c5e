import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type * as z from 'zod/mini';
import {
  type listOrdersResponse,
  ORDER_PAGE_SIZES,
  ORDER_PERIODS,
  type OrderSummary,
} from '../../../../shared/contract/orders';
import { es, fmt } from '../../../../shared/messages.es';
import { formatMoney } from '../../../../shared/rules/currency';
import { pageBounds, pageCount } from '../../../../shared/rules/pagination';
import { Icon } from '../../components/layout-bits/icons';
import { Pager } from '../../components/pager/Pager';
import { Alert, Button, Spinner, TextField } from '../../components/ui';
import { SelectField } from '../../components/ui/SelectField';
import { ORDER_STATUS_TONES, orderStatusLabel } from '../../lib/orderLabels';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { OrderDetailModal } from './OrderDetailModal';
import {
  formatOrderDate,
  type OrderPeriod,
  type PageSize,
  parsePageSize,
  parsePeriod,
  periodLabel,
  SEARCH_DEBOUNCE_MS,
  signersCountText,
} from './orderRules';

export interface HistoryFilters {
  q: string;
  period: OrderPeriod | undefined;
  page: number;
  pageSize: PageSize;
}

type OrdersList = z.output<typeof listOrdersResponse>;

/**
 * The order history tab (§2.9, §9): free-text search (debounced; matched on the server against
 * title, document name and order number), period, page size and the pager; each order opens
 * its detail modal. Filters live in the URL so a reload or a shared link keeps them.
 */
export function OrdersHistory({
  filters,
  onFilters,
  list,
}: {
  filters: HistoryFilters;
  onFilters(next: Partial<HistoryFilters>): void;
  list: UseQueryResult<OrdersList>;
}) {
  const c = es.checkout;
  const [search, setSearch] = useState(filters.q);
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [open, setOpen] = useState<Pick<OrderSummary, 'id' | 'order_number'> | null>(null);
  const headingId = useId();
  // '?order={id}' (the bell's link to a chat, a mail's link) opens that order's modal once; the
  // server still decides whether this context may read it.
  const [params, setParams] = useSearchParams();
  const linked = params.get('order');
  useEffect(() => {
    if (!linked || !ORDER_ID.test(linked)) return;
    setOpen({ id: linked, order_number: '' });
    setParams(
      (old) => {
        const p = new URLSearchParams(old);
        p.delete('order');
        return p;
      },
      { replace: true },
    );
  }, [linked, setParams]);

  // A changed search (once typing pauses) starts again at page 1.
  const lastSearch = useRef(debounced);
  useEffect(() => {
    if (debounced === lastSearch.current) return;
    lastSearch.current = debounced;
    onFilters({ q: debounced, page: 1 });
  }, [debounced, onFilters]);

  const data = list.data;
  const pages = data ? pageCount(data.total, data.page_size) : 1;
  // The list shrank under the current page (e.g. the last order of it was filtered away).
  useEffect(() => {
    if (data && filters.page > pages) onFilters({ page: pages });
  }, [data, filters.page, pages, onFilters]);

  const filtered = filters.q.trim() !== '' || filters.period !== undefined;
  const bounds = data ? pageBounds(data.page, data.page_size, data.total) : null;

  return (
    <section className="orders-history" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {c.ordersTab}
      </h2>
      <div className="orders-filters">
        <TextField
          type="search"
          label={c.searchLabel}
          placeholder={c.searchPlaceholder}
          value={search}
          maxLength={100}
          autoComplete="off"
          onChange={(e) => setSearch(e.target.value)}
          className="orders-filters__search"
          endAdornment={<Icon name="search" size={18} />}
        />
        <SelectField
          label={c.periodLabel}
          value={filters.period ?? ''}
          onChange={(e) => onFilters({ period: parsePeriod(e.target.value), page: 1 })}
          className="orders-filters__period"
        >
          <option value="">{periodLabel(undefined)}</option>
          {ORDER_PERIODS.map((p) => (
            <option key={p} value={p}>
              {periodLabel(p)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={c.pageSizeLabel}
          value={String(filters.pageSize)}
          onChange={(e) => onFilters({ pageSize: parsePageSize(e.target.value), page: 1 })}
          className="orders-filters__size"
        >
          {ORDER_PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
      </div>

      {list.isPending ? (
        <div className="orders-loading">
          <Spinner label={es.common.loading} />
        </div>
      ) : list.isError && !data ? (
        <Alert
          tone="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
              {c.retry}
            </Button>
          }
        >
          {c.ordersLoadError}
        </Alert>
      ) : data && data.orders.length === 0 ? (
        <div className="orders-empty">
          <span className="orders-empty__icon" aria-hidden="true">
            <Icon name="inbox" size={28} />
          </span>
          <p>{filtered ? c.ordersEmptyFiltered : c.ordersEmpty}</p>
        </div>
      ) : data ? (
        <>
          <p className="orders-count" aria-live="polite">
            {bounds ? fmt(c.showing, { ...bounds, total: data.total }) : null}
            {list.isFetching ? <Spinner size={14} /> : null}
          </p>
          <ul className="orders-list" aria-busy={list.isFetching || undefined}>
            {data.orders.map((order) => (
              <li key={order.id}>
                <OrderRow order={order} onOpen={() => setOpen(order)} />
              </li>
            ))}
          </ul>
          <Pager page={data.page} pages={pages} onPage={(page) => onFilters({ page })} />
        </>
      ) : null}

      {open ? (
        <OrderDetailModal
          orderId={open.id}
          orderNumber={open.order_number}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </section>
  );
}

/** What an order id looks like (anything else in the address is ignored). */
const ORDER_ID = /^[A-Za-z0-9_-]{1,64}$/;

function OrderRow({ order, onOpen }: { order: OrderSummary; onOpen(): void }) {
  const c = es.checkout;
  const titleId = useId();
  const tone = ORDER_STATUS_TONES[order.status];
  return (
    <article className="order-row" aria-labelledby={titleId}>
      <div className="order-row__main">
        <p className="order-row__number">
          {order.order_number}
          <span aria-hidden="true"> · </span>
          <time dateTime={order.created_at}>{formatOrderDate(order.created_at)}</time>
        </p>
        <h3 id={titleId} className="order-row__title">
          {order.title}
        </h3>
        <p className="order-row__meta">
          <Icon name="fileText" size={14} />
          <span className="order-row__document">{order.document_name}</span>
          <span aria-hidden="true"> · </span>
          <span>{signersCountText(order.signers_count)}</span>
        </p>
      </div>
      <span className={`status-badge status-badge--${tone} order-row__status`}>
        {orderStatusLabel(order.status)}
      </span>
      <p className="order-row__total">
        {formatMoney(order.total_price, order.currency_code)}
        <span className="order-row__method">{order.payment_method_label}</span>
      </p>
      <Button
        variant="secondary"
        size="sm"
        className="order-row__open"
        icon={<Icon name="eye" size={16} />}
        aria-label={fmt(c.viewDetailOf, { number: order.order_number })}
        onClick={onOpen}
      >
        {c.viewDetail}
      </Button>
    </article>
  );
}
