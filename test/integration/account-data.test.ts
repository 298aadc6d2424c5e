import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { AccountExport } from '../../shared/contract/account.js';
import type { Order } from '../../shared/contract/orders.js';
import { accountEs } from '../../shared/messages/account.es.js';
import { fmt } from '../../shared/messages/fmt.js';
import { api, newConfirmedUser, signIn, type TestUser } from '../support/client.js';
import { objectKeys } from '../support/documents.js';
import { grantCredits, subOf } from '../support/ledger.js';
import { paidOrder, signer, storedContact, storedOrder, waitForLinks } from '../support/orders.js';
import { readyDocument } from '../support/requests.js';
import { auditOf, openLink, orderWhen, signAll, storedVerification } from '../support/signing.js';
import { pointAt } from '../support/table.js';

/**
 * 'Descargar mis datos' and 'Eliminar mi cuenta' (Ley 21.719, docs/privacy.md) against the local
 * stack: what the export holds, what deletion removes, what it keeps under a pseudonym, and
 * that the public verification of a sealed order survives its owner's account.
 */
const stack = inject('stack');
const call = api(stack);

const exportOf = (user: TestUser) =>
  call<AccountExport>('GET', '/api/me/export', { token: user.accessToken });
const deleteAccount = (user: TestUser, password: string) =>
  call<{ deleted: true; kept_orders: number } | { error: { message: string; fields?: object } }>(
    'POST',
    '/api/me/delete',
    { token: user.accessToken, body: { password } },
  );

/** A customer with a profile, a saved signer, a pending request and an order sealed. */
async function customerWithSealedOrder(): Promise<{ user: TestUser; order: Order }> {
  const user = await newConfirmedUser(stack, 'Titular');
  const profile = await call('PUT', '/api/me', {
    token: user.accessToken,
    body: { first_name: 'Titular', last_name: 'Prueba', account_type: 'personal', city: 'Talca' },
  });
  expect(profile.status).toBe(200);
  await grantCredits(stack, user.accessToken, 10);
  const feature = await call('POST', '/api/features/subscriptions', {
    token: user.accessToken,
    body: { plan_id: 'saved-signers', idempotency_key: randomUUID() },
  });
  expect(feature.status).toBe(200);
  const saved = await call('POST', '/api/saved-signers', {
    token: user.accessToken,
    body: {
      first_name: 'Guardada',
      last_name: 'Firmante',
      id_number: '12345678-5',
      email: `guardada-${randomUUID().slice(0, 8)}@example.com`,
      phone: '912345678',
      phone_country_code: '+56',
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const people = [signer({ email: `firma-${randomUUID().slice(0, 8)}@example.com` })];
  const paid = await paidOrder(stack, user, { signers: people, delivery: false });
  const person = people[0] as ReturnType<typeof signer>;
  const link = (await waitForLinks(stack, person.email))[0] as URL;
  await signAll(stack, await openLink(stack, link), person.email);
  const order = await orderWhen(stack, user, paid.id, 'completed');
  // Something still in the cart, with its own upload.
  const doc = await readyDocument(stack, user.accessToken, 'borrador.pdf');
  const cart = await call('POST', '/api/requests', {
    token: user.accessToken,
    body: { country_id: 'cl', document_id: doc },
  });
  expect(cart.status).toBe(200);
  return { user, order };
}

/** Room for making, signing and sealing an order inside the first test that needs it. */
const SEALED_SETUP_MS = 300_000;

/** Made once, on first use: only the tests about a customer's records need it. */
let sealed: Promise<{ user: TestUser; order: Order }> | undefined;
const sealedCustomer = () => {
  sealed ??= customerWithSealedOrder();
  return sealed;
};

describe("GET /api/me/export ('Descargar mis datos')", () => {
  it(
    'holds the profile, saved signers, documents, requests, orders with trail, ledger',
    async () => {
      const { user, order } = await sealedCustomer();
      const res = await exportOf(user);
      expect(res.status).toBe(200);
      const data = res.body;
      expect(data.format).toBe('sello-account-export/1');
      expect(data.account).toEqual({ id: subOf(user.accessToken), email: user.email });
      // As checkout's form left it (it saves the buyer's details over the earlier 'Talca').
      expect(data.profile).toMatchObject({ email: user.email, city: 'Santiago' });
      expect(data.contact).toMatchObject({ email: user.email, is_customer: true });
      expect(data.saved_signers).toHaveLength(1);
      expect(data.saved_signers[0]).toMatchObject({ first_name: 'Guardada' });
      expect(data.requests.map((r) => r.status).sort()).toEqual(['paid', 'pending']);
      expect(data.documents.map((d) => d.file_name).sort()).toEqual([
        'borrador.pdf',
        'contrato.pdf',
      ]);
      expect(data.orders).toHaveLength(1);
      const mine = data.orders[0];
      expect(mine?.order).toMatchObject({ id: order.id, order_number: order.order_number });
      expect(mine?.lines.length).toBeGreaterThan(0);
      expect(mine?.signers[0]).toMatchObject({ first_name: 'Ana' });
      expect(mine?.trail.map((e) => e.kind)).toContain('sealed');
      expect(data.credits.transactions.map((t) => t.type)).toEqual(
        expect.arrayContaining(['earned', 'usage']),
      );
      expect(data.subscriptions[0]).toMatchObject({ feature_type: 'saved_signers_access' });
      // Secrets of the service are not the person's data: no link hash leaves in the file.
      expect(JSON.stringify(data)).not.toContain('token_hash');
    },
    SEALED_SETUP_MS,
  );

  it('exports an empty account as empty lists, and limits exports to 10 an hour', async () => {
    const user = await newConfirmedUser(stack, 'Vacia');
    const first = await exportOf(user);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      saved_signers: [],
      documents: [],
      requests: [],
      orders: [],
      subscriptions: [],
      credits: { transactions: [] },
    });
    for (let i = 1; i < 10; i++) expect((await exportOf(user)).status).toBe(200);
    const over = await exportOf(user);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ error: { message: accountEs.exportTooMany } });
  });
});

describe("POST /api/me/delete ('Eliminar mi cuenta')", () => {
  it('refuses a missing or wrong password and changes nothing', async () => {
    const user = await newConfirmedUser(stack, 'Dudosa');
    const empty = await deleteAccount(user, '');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      error: { fields: { password: accountEs.passwordRequired } },
    });
    const wrong = await deleteAccount(user, 'no-es-la-clave');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: { fields: { password: accountEs.wrongPassword } } });
    await expect(signIn(stack, user.email, user.password)).resolves.toHaveProperty('accessToken');
    expect((await call('GET', '/api/me', { token: user.accessToken })).status).toBe(200);
  });

  it('refuses while an order is being signed, naming the order and what to do', async () => {
    const user = await newConfirmedUser(stack, 'Ocupada');
    const order = await paidOrder(stack, user, { signers: [signer()] });
    const res = await deleteAccount(user, user.password);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error: { message: fmt(accountEs.ordersInProgress, { orders: order.order_number }) },
    });
    await expect(signIn(stack, user.email, user.password)).resolves.toHaveProperty('accessToken');
  });

  it(
    'deletes the account and its personal data; the sealed order still verifies',
    async () => {
      const { user, order } = await sealedCustomer();
      const sub = subOf(user.accessToken);
      const before = await auditOf(stack, order.id);
      const res = await deleteAccount(user, user.password);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ deleted: true, kept_orders: 1 });

      // Nobody signs in with it any more, and its profile is gone.
      await expect(signIn(stack, user.email, user.password)).rejects.toThrow();
      expect((await call('GET', '/api/me', { token: user.accessToken })).status).toBe(404);
      expect(await storedContact(stack, user.email)).toBeUndefined();
      // Uploads deleted; the order's evidence (original and sealed file) kept.
      expect(await objectKeys(stack, `documents/${sub}/`)).toEqual([]);
      expect(await objectKeys(stack, `incoming/${sub}/`)).toEqual([]);
      const evidence = await objectKeys(stack, `evidence/${order.id}/`);
      expect(evidence.some((k) => k.includes('sealed-'))).toBe(true);

      // The order stays, its owner's billing data replaced by the pseudonym.
      const kept = await storedOrder(stack, order.id);
      expect(kept?.billing.first_name).toBe(accountEs.pseudonymName);
      expect(JSON.stringify(kept?.billing)).not.toContain('@');
      // The trail is untouched: same events, same head, still a valid chain.
      const after = await auditOf(stack, order.id);
      expect(after.check.ok).toBe(true);
      expect(after.order.audit_head).toBe(before.order.audit_head);
      expect(after.events).toEqual(before.events);
      // The public verification answers as before.
      const code = String(order.verification_code);
      const verified = await call('GET', `/api/verify/${code}`);
      expect(verified.status).toBe(200);
      expect(verified.body).toMatchObject({ order_number: order.order_number });
      expect(await storedVerification(stack, code)).toBeDefined();

      // The ledger the law keeps is still there, under the account's id only.
      pointAt(stack);
      const { listTransactions } = await import('../../functions/credits/ledger-read.js');
      const ledger = await listTransactions(`user:${sub}`, { limit: 50 });
      expect(ledger.transactions.length).toBeGreaterThan(0);

      // A repeat (the answer lost) answers the same; the password can no longer be checked.
      const again = await deleteAccount(user, 'cualquiera');
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ deleted: true, kept_orders: 1 });
    },
    SEALED_SETUP_MS,
  );

  it('finishes a deletion cut halfway: the marker is found, the rest is done', async () => {
    const user = await newConfirmedUser(stack, 'Cortada');
    const sub = subOf(user.accessToken);
    pointAt(stack);
    const { startDeletion } = await import('../../functions/account/repo.js');
    const { pseudonymOf } = await import('../../functions/account/deletion.js');
    // What the first call left when it stopped right after recording the owner's decision.
    await startDeletion({
      sub,
      pseudonym: pseudonymOf(sub),
      email: user.email,
      started_at: new Date().toISOString(),
    });
    const res = await deleteAccount(user, 'ya-no-importa');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true, kept_orders: 0 });
    await expect(signIn(stack, user.email, user.password)).rejects.toThrow();
  });

  it('limits deletion attempts to 5 an hour per account', async () => {
    const user = await newConfirmedUser(stack, 'Insistente');
    for (let i = 0; i < 5; i++) expect((await deleteAccount(user, 'mala')).status).toBe(400);
    const over = await deleteAccount(user, user.password);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ error: { message: accountEs.deleteTooMany } });
    await expect(signIn(stack, user.email, user.password)).resolves.toHaveProperty('accessToken');
  });
});
