import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { organizationsEs as m } from '../../shared/messages/organizations.es.js';
import { newConfirmedUser, signIn } from '../support/client.js';
import { grantCredits } from '../support/ledger.js';
import { contextsOf, createOrganization } from '../support/organizations.js';

/**
 * Organisations and work contexts, first slice of issue 22: 'Crear Organización' makes a
 * company with its creator as owner, exactly once per click however often it is repeated, and
 * the context list shows Personal and each organisation with its own balance.
 */
const stack = inject('stack');

describe('creating an organisation', () => {
  it('makes a company with the caller as owner; the contexts list Personal and it', async () => {
    const user = await newConfirmedUser(stack, 'Orga');
    await grantCredits(stack, user.accessToken, 12);
    const res = await createOrganization(stack, user, {
      name: '  Inmobiliaria Los Andes  ',
      email: 'Contacto@LosAndes.cl',
      phone: '+56 2 2345 6789',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.role).toBe('owner');
    expect(res.body.organization).toMatchObject({
      name: 'Inmobiliaria Los Andes',
      type: 'company',
      email: 'contacto@losandes.cl',
      phone: '+56 2 2345 6789',
      address: null,
      is_active: true,
    });
    expect(res.body.organization).not.toHaveProperty('created_by');
    expect(await contextsOf(stack, user)).toEqual([
      {
        kind: 'personal',
        organization_id: null,
        name: m.personal,
        type: null,
        role: null,
        balance: 12,
      },
      {
        kind: 'organization',
        organization_id: res.body.organization.id,
        name: 'Inmobiliaria Los Andes',
        type: 'company',
        role: 'owner',
        // Its own wallet, empty: the owner's personal credits are not the organisation's.
        balance: 0,
      },
    ]);
  });

  it('100 clicks at once with one key make one organisation; another key makes another', async () => {
    const user = await newConfirmedUser(stack, 'Doble');
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => createOrganization(stack, user, { name: 'Acme' }, key)),
    );
    for (const r of answers) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(new Set(answers.map((r) => r.body.organization.id)).size).toBe(1);
    const second = await createOrganization(stack, user, { name: 'Acme Sur' });
    expect(second.status).toBe(200);
    const orgs = (await contextsOf(stack, user)).filter((c) => c.kind === 'organization');
    expect(orgs.map((c) => c.name)).toEqual(['Acme', 'Acme Sur']);
  });

  it('refuses a form without a name or with a bad e-mail, and unknown fields, making nothing', async () => {
    const user = await newConfirmedUser(stack, 'Form');
    const blank = await createOrganization(stack, user, { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ error: { fields: { name: m.nameRequired } } });
    const email = await createOrganization(stack, user, { email: 'no-es-correo' });
    expect(email.status).toBe(400);
    expect(email.body).toMatchObject({ error: { fields: { email: m.emailInvalid } } });
    // A customer cannot make a notary organisation, nor pick its id or owner.
    for (const extra of [{ type: 'notary' }, { id: 'abc' }, { created_by: 'someone' }]) {
      expect((await createOrganization(stack, user, extra)).status).toBe(400);
    }
    const long = await createOrganization(stack, user, { name: 'x'.repeat(201) });
    expect(long.body).toMatchObject({ error: { fields: { name: m.nameTooLong } } });
    expect((await contextsOf(stack, user)).map((c) => c.kind)).toEqual(['personal']);
  });

  it('a script creating organisations is stopped by the daily limit with 429', async () => {
    const user = await newConfirmedUser(stack, 'Script');
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await createOrganization(stack, user));
    expect(answers.slice(0, 10).every((r) => r.status === 200)).toBe(true);
    expect(answers.slice(10).map((r) => r.status)).toEqual([429, 429]);
    expect((await contextsOf(stack, user)).filter((c) => c.kind === 'organization')).toHaveLength(
      10,
    );
  });
});

describe('the demo data', () => {
  it('makes the demo customer a member of the demo company, and the demo notary an owner', async () => {
    const customer = await signIn(stack, 'cliente@sello.test', 'Cliente123');
    const notary = await signIn(stack, 'notaria@sello.test', 'Notaria123');
    const named = async (tokens: { accessToken: string }) =>
      (await contextsOf(stack, tokens as never)).map((c) => [c.name, c.type, c.role]);
    expect(await named(customer)).toContainEqual(['Inmobiliaria Demo', 'company', 'member']);
    expect(await named(notary)).toContainEqual([
      'Notaría Fuentes (demostración)',
      'notary',
      'owner',
    ]);
  });
});
