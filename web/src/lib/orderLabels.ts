import type { OrderStatus } from '../../../shared/contract/orders';
import { es } from '../../../shared/messages.es';

/**
 * How an order reads wherever it is shown (the checkout and its success page, my orders, the
 * order modal): its status as a label and a badge tone, and the delivery choice.
 */

/** §4.3: 'Completado', 'En proceso', 'Pendiente', 'Cancelado'. */
export function orderStatusLabel(status: OrderStatus): string {
  return es.checkout.statusLabels[status];
}

export type Tone = 'success' | 'warning' | 'error' | 'info' | 'muted';

export const ORDER_STATUS_TONES: Record<OrderStatus, Tone> = {
  completed: 'success',
  processing: 'info',
  pending: 'warning',
  cancelled: 'error',
};

/** The delivery choice of a request or an order; null when none was made yet. */
export function deliveryLabel(delivery: boolean | null): string {
  if (delivery === null) return es.checkout.deliveryNotChosen;
  return delivery ? es.checkout.deliveryAuto : es.checkout.deliveryRequester;
}
