import { describe, expect, inject, it } from 'vitest';
import { es } from '../../shared/messages.es.js';
import { api, newConfirmedUser } from '../support/client.js';

const stack = inject('stack');
const call = api(stack);

const base = { first_name: 'Marta', last_name: 'Soto', account_type: 'team' as const };

describe('account settings (PUT /api/me)', () => {
  it('saves personal and billing data; an empty billing country is stored as null', async () => {
    const user = await newConfirmedUser(stack);
    const res = await call('PUT', '/api/me', {
      token: user.accessToken,
      body: {
        ...base,
        phone: ' +56 9 1234 5678 ',
        company: 'Soto Ltda.',
        city: 'Valparaíso',
        billing_country_id: 'cl',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      first_name: 'Marta',
      phone: '+56 9 1234 5678',
      company: 'Soto Ltda.',
      billing_country_id: 'cl',
      account_type: 'team',
      email: user.email,
    });
    const cleared = await call('PUT', '/api/me', {
      token: user.accessToken,
      body: { ...base, billing_country_id: '', company: '' },
    });
    expect(cleared.body).toMatchObject({ billing_country_id: null, company: null });
    const read = await call('GET', '/api/me', { token: user.accessToken });
    expect(read.body).toMatchObject({ billing_country_id: null, first_name: 'Marta' });
  });

  it('refuses the e-mail, unknown countries, empty names and oversized fields', async () => {
    const user = await newConfirmedUser(stack);
    const email = await call('PUT', '/api/me', {
      token: user.accessToken,
      body: { ...base, email: 'otro@example.com' },
    });
    expect(email.status).toBe(400);
    const country = await call('PUT', '/api/me', {
      token: user.accessToken,
      body: { ...base, billing_country_id: 'uy' }, // exists but not active
    });
    expect(country.status).toBe(400);
    const empty = await call('PUT', '/api/me', {
      token: user.accessToken,
      body: { ...base, first_name: '   ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: { fields: { first_name: es.api.required } } });
    const long = await call('PUT', '/api/me', {
      token: user.accessToken,
      body: { ...base, address: 'x'.repeat(301) },
    });
    expect(long.status).toBe(400);
    const role = await call('PUT', '/api/me', {
      token: user.accessToken,
      body: { ...base, role: 'admin' },
    });
    expect(role.status).toBe(400);
    const me = await call('GET', '/api/me', { token: user.accessToken });
    expect(me.body).toMatchObject({ email: user.email, role: 'customer', first_name: 'Prueba' });
  });
});
