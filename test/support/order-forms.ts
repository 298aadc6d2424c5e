import { randomUUID } from 'node:crypto';
import type { CheckoutForm } from '../../shared/contract/orders.js';

/**
 * The forms an order is made of, as a customer fills them: a signer of the wizard and the
 * checkout's billing form. Apart from orders.ts (which asserts with Vitest's `expect`) so the
 * benchmarks, plain processes, build their orders with the same data.
 */

/** A unique, valid signer (Chilean RUT, 9-digit mobile). */
export const signer = (over: Record<string, string> = {}) => ({
  first_name: 'Ana',
  last_name: 'Pérez',
  id_number: '12345678-5',
  email: `firmante-${randomUUID().slice(0, 8)}@example.com`,
  phone: '912345678',
  phone_country_code: '+56',
  ...over,
});

export const checkoutForm = (over: Partial<CheckoutForm> = {}): CheckoutForm => ({
  title: 'Contrato de arriendo',
  first_name: 'Carla',
  last_name: 'Rojas',
  email: 'carla@example.com',
  phone: '+56912345678',
  company: null,
  address: 'Av. Providencia 1234',
  city: 'Santiago',
  whatsapp: '+56912345678',
  billing_country_id: 'cl',
  region_province: 'Región Metropolitana',
  ...over,
});
