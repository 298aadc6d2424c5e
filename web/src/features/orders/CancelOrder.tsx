import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Order } from '../../../../shared/contract/orders';
import { es, fmt } from '../../../../shared/messages.es';
import { Icon } from '../../components/layout-bits/icons';
import { Alert, Button, Modal } from '../../components/ui';
import { apiCall } from '../../lib/api';
import { orderQueryKey, ordersQueryKey } from '../../lib/queryKeys';
import { useRefreshWallet } from '../../lib/wallet/useWallet';
import { cancelBackText, cancelDoneText, cancelErrorMessage } from './orderRules';

/**
 * 'Cancelar pedido' in the order modal (issue 21): offered while the server says the order can
 * be cancelled (`order.cancellation`), with a notice when it includes a service not delivered
 * yet. The confirmation says what comes back before anything happens; the server decides it
 * again and answers whether it refunded. Once done: the modal shows the cancelled order (no
 * resend, no cancel), the history and the balance are read again.
 */
export function CancelOrder({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const refreshWallet = useRefreshWallet();
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const terms = order.cancellation;
  const back = terms ? cancelBackText(order, terms) : '';

  const cancel = useMutation({
    mutationFn: () => apiCall('cancelOrder', { params: { id: order.id } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(orderQueryKey(order.id), { order: answer.order });
      // The history's row and stats, and the modal's 'Actividad' (the trail's new events).
      void queryClient.invalidateQueries({ queryKey: [...ordersQueryKey, 'list'] });
      void queryClient.invalidateQueries({ queryKey: [...ordersQueryKey, order.id, 'activity'] });
      if (answer.refunded) void refreshWallet();
      setConfirming(false);
      setDone(cancelDoneText(answer.order, answer.refunded));
    },
  });

  if (done) {
    return (
      <Alert tone="success" className="order-cancel__done">
        {done}
      </Alert>
    );
  }
  if (!terms) return null;
  const close = () => {
    if (cancel.isPending) return;
    cancel.reset();
    setConfirming(false);
  };

  return (
    <section className="order-section order-cancel" aria-labelledby={headingId}>
      <h3 id={headingId} className="order-section__title">
        {es.orders.cancelOrder}
      </h3>
      {terms.unavailable ? (
        <Alert tone="warning">{es.orders.unavailableNotice}</Alert>
      ) : (
        <p className="order-cancel__text muted">
          {terms.refund === 'full' ? es.orders.cancelHintFull : es.orders.cancelBackNone}
        </p>
      )}
      <div>
        <Button
          variant={terms.unavailable ? 'primary' : 'danger'}
          icon={<Icon name="x" size={16} />}
          onClick={() => setConfirming(true)}
        >
          {es.orders.cancelOrder}
        </Button>
      </div>
      <Modal
        open={confirming}
        onClose={close}
        title={fmt(es.orders.cancelTitle, { number: order.order_number })}
        size="sm"
        closeOnBackdrop={!cancel.isPending}
      >
        <div className="cart-confirm">
          <p className="order-cancel__text">{es.orders.cancelWhat}</p>
          <p className="cart-confirm__what">{back}</p>
          <p className="order-cancel__text muted">{es.orders.cancelIrreversible}</p>
          {cancel.isError ? <Alert tone="error">{cancelErrorMessage(cancel.error)}</Alert> : null}
          <div className="cart-confirm__actions">
            <Button variant="secondary" data-autofocus onClick={close} disabled={cancel.isPending}>
              {es.orders.cancelKeep}
            </Button>
            <Button
              variant="danger"
              loading={cancel.isPending}
              loadingLabel={es.orders.cancelling}
              onClick={() => cancel.mutate()}
            >
              {es.orders.cancelConfirm}
            </Button>
          </div>
        </div>
      </Modal>
    </section>
  );
}
