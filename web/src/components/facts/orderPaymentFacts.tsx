import type { Order } from '../../../../shared/contract/orders';
import { es } from '../../../../shared/messages.es';
import { formatCredits, formatMoney } from '../../../../shared/rules/currency';
import { amountPaid } from '../../../../shared/rules/money';
import { ORDER_STATUS_TONES, orderStatusLabel } from '../../lib/orderLabels';
import type { Fact } from './FactList';

/** An order's status as its badge. */
export function orderStatusFact(order: Pick<Order, 'status'>): Fact {
  return {
    label: es.checkout.status,
    value: (
      <span className={`status-badge status-badge--${ORDER_STATUS_TONES[order.status]}`}>
        {orderStatusLabel(order.status)}
      </span>
    ),
  };
}

/**
 * How an order was paid, as the success page and the order modal both say it: the method,
 * the credits used when any, and 'Total pagado' as what was really paid (amountPaid).
 */
export function orderPaymentFacts(
  order: Pick<
    Order,
    | 'payment_method_label'
    | 'credits_used'
    | 'currency_code'
    | 'total_price'
    | 'credits_discount_amount'
  >,
): Fact[] {
  const c = es.checkout;
  return [
    { label: c.paymentMethod, value: order.payment_method_label },
    ...(order.credits_used > 0
      ? [{ label: c.creditsUsed, value: formatCredits(order.credits_used) }]
      : []),
    {
      label: c.totalPaid,
      value: formatMoney(amountPaid(order), order.currency_code),
      total: true,
    },
  ];
}
