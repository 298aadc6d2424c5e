import { describe, expect, it } from 'vitest';
import { ordersEs } from '../messages/orders.es.js';
import { checkoutFormSchema } from './orders.js';

const form = {
  title: 'Contrato',
  first_name: 'Carla',
  last_name: 'Rojas',
  email: 'carla@example.com',
  phone: '+56 9 1234 5678',
  company: null,
  address: 'Av. Providencia 1234',
  city: 'Santiago',
  whatsapp: '912345678',
  billing_country_id: 'cl',
  region_province: 'Región Metropolitana',
};

/** The checkout form is saved to the profile: its phones follow the profile's rule (issue 21). */
describe('checkout form phones', () => {
  it('takes a phone with or without its dial code', () => {
    expect(checkoutFormSchema.safeParse(form).success).toBe(true);
  });

  it.each([
    ['phone', 'abc'],
    ['phone', '12'],
    ['whatsapp', '+56 9 1111 11111 1'],
    ['whatsapp', '555-CALL-NOW'],
  ])('refuses %s %j with the wizard’s Spanish message', (field, value) => {
    const res = checkoutFormSchema.safeParse({ ...form, [field]: value });
    expect(res.success).toBe(false);
    const issue = res.error?.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toMatch(/teléfono|número/i);
    expect(issue?.message).not.toBe(ordersEs.emailInvalid);
  });
});
