import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import type * as z from 'zod/mini';
import type { requestSummarySchema } from '../../../../shared/contract/requests';
import { es, fmt } from '../../../../shared/messages.es';
import { formatMoney } from '../../../../shared/rules/currency';
import { contractedItems } from '../../../../shared/rules/money';
import { Icon } from '../../components/layout-bits/icons';
import { Alert, Button, Modal, Spinner } from '../../components/ui';
import { apiCall } from '../../lib/api';
import { ordersQueryKey, requestsQueryKey } from '../../lib/queryKeys';
import { clearWizardSession, readWizardSession } from '../../lib/wizardSession';
import { formatOrderDateTime, signersCountText } from './orderRules';

type CartItem = z.output<typeof requestSummarySchema>;

export const cartQueryKey = [...requestsQueryKey, 'list'] as const;

/**
 * The cart tab (§2.9): the pending requests, newest first, each with its currency and total as
 * the server quotes it; edit-and-pay opens the wizard on it, delete asks first, and a new
 * request starts the wizard afresh.
 */
export function CartPanel() {
  const c = es.checkout;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [toDelete, setToDelete] = useState<CartItem | null>(null);

  const cart = useQuery({
    queryKey: cartQueryKey,
    queryFn: ({ signal }) => apiCall('listRequests', { signal }),
  });

  const remove = useMutation({
    mutationFn: (id: string) => apiCall('deleteRequest', { params: { id } }),
    onSuccess: (_ok, id) => {
      if (readWizardSession()?.requestId === id) clearWizardSession();
      setToDelete(null);
      toast.success(c.requestDeleted);
      void queryClient.invalidateQueries({ queryKey: requestsQueryKey });
      // The stat cards count pending requests.
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    },
  });

  const newRequest = () => {
    clearWizardSession();
    void navigate('/firmar-documento');
  };

  const closeConfirm = () => {
    if (remove.isPending) return;
    setToDelete(null);
    remove.reset();
  };

  return (
    <section className="orders-cart" aria-labelledby={headingId}>
      <div className="orders-cart__head">
        <div>
          <h2 id={headingId} className="orders-section-title">
            {c.cartTab}
          </h2>
          <p className="muted">{c.cartIntro}</p>
        </div>
        <Button icon={<Icon name="plus" size={18} />} onClick={newRequest}>
          {c.newRequest}
        </Button>
      </div>

      {cart.isPending ? (
        <div className="orders-loading">
          <Spinner label={es.common.loading} />
        </div>
      ) : cart.isError ? (
        <Alert
          tone="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => void cart.refetch()}>
              {c.retry}
            </Button>
          }
        >
          {c.cartLoadError}
        </Alert>
      ) : cart.data.requests.length === 0 ? (
        <div className="orders-empty">
          <span className="orders-empty__icon" aria-hidden="true">
            <Icon name="cart" size={28} />
          </span>
          <p>{c.cartEmpty}</p>
        </div>
      ) : (
        <ul className="cart-list">
          {cart.data.requests.map((item) => (
            <li key={item.id}>
              <CartRow item={item} onDelete={() => setToDelete(item)} />
            </li>
          ))}
        </ul>
      )}

      <Modal
        open={toDelete !== null}
        onClose={closeConfirm}
        title={c.deleteTitle}
        description={c.deleteConfirm}
        size="sm"
        closeOnBackdrop={!remove.isPending}
      >
        {toDelete ? (
          <div className="cart-confirm">
            <p className="cart-confirm__what">
              {toDelete.title || toDelete.document_name || c.untitledRequest} ·{' '}
              {toDelete.request_number}
            </p>
            {remove.isError ? <Alert tone="error">{es.orders.deleteRequestError}</Alert> : null}
            <div className="cart-confirm__actions">
              <Button variant="secondary" onClick={closeConfirm} disabled={remove.isPending}>
                {es.common.cancel}
              </Button>
              <Button
                variant="danger"
                loading={remove.isPending}
                icon={<Icon name="trash" size={18} />}
                onClick={() => remove.mutate(toDelete.id)}
              >
                {c.confirmDelete}
              </Button>
            </div>
          </div>
        ) : null}
      </Modal>
    </section>
  );
}

function CartRow({ item, onDelete }: { item: CartItem; onDelete(): void }) {
  const c = es.checkout;
  const titleId = useId();
  const title = item.title || item.document_name || c.untitledRequest;
  // What tells one abandoned wizard run from another: its services, and when it was started.
  const services = contractedItems(item.quote.items).map((i) => i.name);
  return (
    <article className="cart-row" aria-labelledby={titleId}>
      <div className="cart-row__main">
        <p className="order-row__number">
          {item.request_number}
          <span aria-hidden="true"> · </span>
          <time dateTime={item.created_at}>
            {fmt(c.createdOn, { date: formatOrderDateTime(item.created_at) })}
          </time>
        </p>
        <h3 id={titleId} className="order-row__title">
          {title}
        </h3>
        <p className="order-row__meta">
          <Icon name="fileText" size={14} />
          <span className="order-row__document">{item.document_name ?? c.noDocument}</span>
          <span aria-hidden="true"> · </span>
          <span>{signersCountText(item.signers_count)}</span>
        </p>
        <p className="order-row__meta cart-row__services">
          {services.length > 0 ? services.join(' · ') : c.noServiceYet}
        </p>
      </div>
      <p className="cart-row__total">{formatMoney(item.quote.total, item.currency_code)}</p>
      <div className="cart-row__actions">
        <Link
          to={`/firmar-documento?request=${encodeURIComponent(item.id)}`}
          className="lb-btn lb-btn--primary lb-btn--sm"
          aria-label={fmt(c.editAndPayOf, { number: item.request_number })}
        >
          <Icon name="pen" size={16} />
          {c.editAndPay}
        </Link>
        <Button
          variant="ghost"
          size="sm"
          className="cart-row__delete"
          icon={<Icon name="trash" size={16} />}
          aria-label={fmt(c.deleteRequestOf, { number: item.request_number })}
          onClick={onDelete}
        >
          {c.deleteRequest}
        </Button>
      </div>
    </article>
  );
}
