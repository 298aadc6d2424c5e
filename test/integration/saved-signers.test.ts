import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { SavedSigner } from '../../shared/contract/requests.js';
import { es } from '../../shared/messages.es.js';
import { api, newConfirmedUser, type TestUser } from '../support/client.js';
import { grantCredits } from '../support/ledger.js';

const stack = inject('stack');
const call = api(stack);
const m = es.orders;

type List = { has_access: boolean; signers: SavedSigner[] };
type Saved = { signer: SavedSigner; error: { message: string; fields?: Record<string, string> } };

const list = (user: TestUser) =>
  call<List>('GET', '/api/saved-signers', { token: user.accessToken });
const save = (user: TestUser, body: unknown) =>
  call<Saved>('POST', '/api/saved-signers', { token: user.accessToken, body });
const remove = (user: TestUser, id: string) =>
  call('DELETE', `/api/saved-signers/${id}`, { token: user.accessToken });

const signer = (over: Record<string, string> = {}) => ({
  first_name: 'Bruno',
  last_name: 'Soto',
  id_number: '12345678-5',
  email: 'bruno@example.com',
  phone: '912345678',
  phone_country_code: '+56',
  ...over,
});

/** The saved-signers feature, paid with test credits like a customer would. */
async function withFeature(user: TestUser) {
  await grantCredits(stack, user.accessToken, 10);
  const res = await call('POST', '/api/features/subscriptions', {
    token: user.accessToken,
    body: { plan_id: 'saved-signers', idempotency_key: randomUUID() },
  });
  expect(res.status).toBe(200);
}

describe('saved signers', () => {
  it('without the saved_signers_access feature: nothing listed, saving and deleting refused', async () => {
    const user = await newConfirmedUser(stack, 'SinFuncion');
    const res = await list(user);
    expect(res).toMatchObject({ status: 200, body: { has_access: false, signers: [] } });
    const saved = await save(user, signer());
    expect(saved.status).toBe(403);
    expect(saved.body.error.message).toBe(m.savedNoAccess);
    const del = await remove(user, randomUUID());
    expect(del.status).toBe(403);
    expect(del.body).toMatchObject({ error: { message: m.savedNoAccess } });
  });

  it('with the feature: save, list, one per e-mail, delete', async () => {
    const user = await newConfirmedUser(stack, 'ConFuncion');
    await withFeature(user);
    expect((await list(user)).body).toEqual({ has_access: true, signers: [] });

    const first = await save(user, signer());
    expect(first.status).toBe(200);
    expect(first.body.signer).toMatchObject({ ...signer(), id: expect.any(String) });
    // A RUT is not required here (it depends on the signature type of each request).
    const second = await save(
      user,
      signer({ first_name: 'Alicia', email: 'Alicia@Example.com', id_number: 'P1234567' }),
    );
    expect(second.status).toBe(200);
    expect(second.body.signer.email).toBe('alicia@example.com');

    const listed = await list(user);
    expect(listed.body.has_access).toBe(true);
    expect(listed.body.signers.map((s) => s.email)).toEqual([
      'alicia@example.com',
      'bruno@example.com',
    ]);

    // The same e-mail again, whatever its case, is refused.
    const dup = await save(user, signer({ email: 'BRUNO@example.com', first_name: 'Otro' }));
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe('Este firmante ya está guardado.');

    const del = await remove(user, first.body.signer.id);
    expect(del).toMatchObject({ status: 200, body: { ok: true } });
    expect((await list(user)).body.signers.map((s) => s.email)).toEqual(['alicia@example.com']);
    expect((await remove(user, first.body.signer.id)).status).toBe(404);
    // Once deleted, the e-mail can be saved again.
    expect((await save(user, signer())).status).toBe(200);
  });

  it('checks every field like the wizard', async () => {
    const user = await newConfirmedUser(stack, 'Validacion');
    await withFeature(user);
    const cases: [Record<string, string>, string, string][] = [
      [{ email: 'sin-arroba' }, 'email', m.emailInvalid],
      [{ phone: '91234567' }, 'phone', 'Número inválido para Chile (9 dígitos)'],
      [{ phone: '1234567890', phone_country_code: '+54' }, 'phone', ''],
      [{ first_name: '' }, 'first_name', m.signerRequired],
    ];
    for (const [over, field, message] of cases) {
      const res = await save(
        user,
        signer({ email: `v${randomUUID().slice(0, 6)}@example.com`, ...over }),
      );
      if (message === '') {
        expect(res.status).toBe(200);
      } else {
        expect(res.status).toBe(400);
        expect(res.body.error.fields?.[field]).toBe(message);
      }
    }
    const { phone: _p, ...noPhone } = signer();
    const missing = await save(user, noPhone);
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields?.phone).toBe(m.signerRequired);
  });

  it("another user's saved signer cannot be seen or deleted", async () => {
    const owner = await newConfirmedUser(stack, 'Dueno');
    const other = await newConfirmedUser(stack, 'Otro');
    await withFeature(owner);
    await withFeature(other);
    const mine = (await save(owner, signer())).body.signer;
    expect((await list(other)).body).toEqual({ has_access: true, signers: [] });
    const res = await remove(other, mine.id);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { message: m.savedDeleteError } });
    expect((await list(owner)).body.signers.map((s) => s.id)).toEqual([mine.id]);
  });
});
