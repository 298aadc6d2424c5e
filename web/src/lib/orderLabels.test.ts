import { describe, expect, it } from 'vitest';
import { es } from '../../../shared/messages.es';
import { deliveryLabel, ORDER_STATUS_TONES, orderStatusLabel } from './orderLabels';

describe('order labels', () => {
  it('names every order status as the spec does', () => {
    expect(orderStatusLabel('completed')).toBe('Completado');
    expect(orderStatusLabel('processing')).toBe('En proceso');
    expect(orderStatusLabel('pending')).toBe('Pendiente');
    expect(orderStatusLabel('cancelled')).toBe('Cancelado');
  });

  it('gives every order status a badge tone', () => {
    expect(ORDER_STATUS_TONES).toEqual({
      completed: 'success',
      processing: 'info',
      pending: 'warning',
      cancelled: 'error',
    });
  });

  it('names the delivery choice', () => {
    expect(deliveryLabel(true)).toBe(es.checkout.deliveryAuto);
    expect(deliveryLabel(false)).toBe(es.checkout.deliveryRequester);
    expect(deliveryLabel(null)).toBe(es.checkout.deliveryNotChosen);
  });
});
