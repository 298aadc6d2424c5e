import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { StackInfo } from '../../local/stack.js';
import type { RouteId } from '../../shared/contract/routes.js';
import { api, type TestUser } from '../support/client.js';
import { grantCredits, walletOf } from '../support/ledger.js';
import { checkoutApi, completeRequest, paidOrder, signingLinks } from '../support/orders.js';
import { type RequestAnswer, readyDocument } from '../support/requests.js';
import type { OwnershipCase } from './ownership-cases.js';

/** Ownership cases of the orders routes (merged into ownershipCases). */
export const ordersOwnershipCases: Partial<Record<RouteId, OwnershipCase>> = {
  // requests and saved signers
  createRequest: async ({ stack, owner, other }) => {
    // The owner's document cannot start someone else's request.
    const doc = await readyDocument(stack, owner.accessToken);
    const res = await api(stack)('POST', '/api/requests', {
      token: other.accessToken,
      body: { country_id: 'cl', document_id: doc },
    });
    expect(res.status).toBe(404);
  },
  listRequests: async ({ stack, owner, other }) => {
    const req = await ownerRequest(stack, owner);
    const res = await api(stack)<{ requests: { id: string }[] }>('GET', '/api/requests', {
      token: other.accessToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.requests.map((r) => r.id)).not.toContain(req.id);
  },
  getRequest: async ({ stack, owner, other }) => {
    const req = await ownerRequest(stack, owner);
    const res = await api(stack)('GET', `/api/requests/${req.id}`, { token: other.accessToken });
    expect(res.status).toBe(404);
    expect(res.body).not.toHaveProperty('request');
  },
  updateRequest: async ({ stack, owner, other }) => {
    const req = await ownerRequest(stack, owner);
    const res = await api(stack)('PATCH', `/api/requests/${req.id}`, {
      token: other.accessToken,
      body: { title: 'Ajeno' },
    });
    expect(res.status).toBe(404);
    const mine = await api(stack)<RequestAnswer>('GET', `/api/requests/${req.id}`, {
      token: owner.accessToken,
    });
    expect(mine.body.request).toMatchObject({ title: null, version: req.version });
  },
  deleteRequest: async ({ stack, owner, other }) => {
    const req = await ownerRequest(stack, owner);
    const res = await api(stack)('DELETE', `/api/requests/${req.id}`, {
      token: other.accessToken,
    });
    expect(res.status).toBe(404);
    const mine = await api(stack)('GET', `/api/requests/${req.id}`, { token: owner.accessToken });
    expect(mine.status).toBe(200);
  },
  listSavedSigners: async ({ stack, owner, other }) => {
    await savedSignersFeature(stack, owner);
    await savedSignersFeature(stack, other);
    const email = await ownerSavedSigner(stack, owner);
    const res = await api(stack)<{ signers: { email: string }[] }>('GET', '/api/saved-signers', {
      token: other.accessToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.signers.map((s) => s.email)).not.toContain(email);
  },
  saveSigner: async ({ stack, owner, other }) => {
    await savedSignersFeature(stack, owner);
    await savedSignersFeature(stack, other);
    // The same e-mail saved by the owner is no duplicate for another user: lists are apart.
    const email = await ownerSavedSigner(stack, owner);
    const res = await api(stack)('POST', '/api/saved-signers', {
      token: other.accessToken,
      body: { ...savedSigner(email), first_name: 'Otra' },
    });
    expect(res.status).toBe(200);
    const mine = await api(stack)<{ signers: { email: string; first_name: string }[] }>(
      'GET',
      '/api/saved-signers',
      { token: owner.accessToken },
    );
    expect(mine.body.signers.find((s) => s.email === email)?.first_name).toBe('Dueña');
  },
  deleteSavedSigner: async ({ stack, owner, other }) => {
    await savedSignersFeature(stack, owner);
    await savedSignersFeature(stack, other);
    const email = await ownerSavedSigner(stack, owner);
    const mine = await api(stack)<{ signers: { id: string; email: string }[] }>(
      'GET',
      '/api/saved-signers',
      { token: owner.accessToken },
    );
    const id = mine.body.signers.find((s) => s.email === email)?.id;
    const res = await api(stack)('DELETE', `/api/saved-signers/${id}`, {
      token: other.accessToken,
    });
    expect(res.status).toBe(404);
    const after = await api(stack)<{ signers: { id: string }[] }>('GET', '/api/saved-signers', {
      token: owner.accessToken,
    });
    expect(after.body.signers.map((s) => s.id)).toContain(id);
  },
  // end of requests and saved signers
  // checkout and orders
  createOrderCardIntent: async ({ stack, owner, other }) => {
    const req = await completeRequest(stack, owner);
    const res = await checkoutApi(stack).cardIntent(other, req.id);
    expect(res.status).toBe(404);
    expect(res.body).not.toHaveProperty('client_secret');
    const mine = await checkoutApi(stack).getRequest(owner, req.id);
    expect(mine.body.request).toMatchObject({ status: 'pending', version: req.version });
  },
  getOrderPaymentStatus: async ({ stack, owner, other }) => {
    const req = await completeRequest(stack, owner);
    const intent = await checkoutApi(stack).cardIntent(owner, req.id);
    expect(intent.status).toBe(200);
    const id = intent.body.payment_intent_id;
    const res = await checkoutApi(stack).cardStatus(other, id);
    expect(res.status).toBe(404);
    expect(res.body).not.toMatchObject({ payment_intent_id: id });
  },
  payOrderWithCredits: async ({ stack, owner, other }) => {
    const req = await completeRequest(stack, owner);
    await grantCredits(stack, other.accessToken, req.quote.credits_needed);
    const before = (await walletOf(stack, other.accessToken)).balance;
    const res = await checkoutApi(stack).payCredits(other, req.id);
    expect(res.status).toBe(404);
    expect((await walletOf(stack, other.accessToken)).balance).toBe(before);
    const mine = await checkoutApi(stack).getRequest(owner, req.id);
    expect(mine.body.request.status).toBe('pending');
  },
  listOrders: async ({ stack, owner, other }) => {
    const order = await paidOrder(stack, owner);
    const res = await api(stack)<{ orders: { id: string }[] }>('GET', '/api/orders', {
      token: other.accessToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.orders.map((o) => o.id)).not.toContain(order.id);
  },
  getOrder: async ({ stack, owner, other }) => {
    const order = await paidOrder(stack, owner);
    const res = await checkoutApi(stack).getOrder(other, order.id);
    expect(res.status).toBe(404);
    expect(res.body).not.toHaveProperty('order');
  },
  getOrderActivity: async ({ stack, owner, other }) => {
    const order = await paidOrder(stack, owner);
    const res = await api(stack)('GET', `/api/orders/${order.id}/activity`, {
      token: other.accessToken,
    });
    expect(res.status).toBe(404);
    expect(res.body).not.toHaveProperty('events');
    const mine = await api(stack)<{ events: unknown[] }>(
      'GET',
      `/api/orders/${order.id}/activity`,
      {
        token: owner.accessToken,
      },
    );
    expect(mine.body.events.length).toBeGreaterThan(0);
  },
  getOrderTrail: async ({ stack, owner, other }) => {
    const order = await paidOrder(stack, owner);
    const res = await api(stack)('GET', `/api/orders/${order.id}/trail`, {
      token: other.accessToken,
    });
    expect(res.status).toBe(404);
    expect(res.body).not.toHaveProperty('events');
    const mine = await api(stack)<{ events: unknown[]; chain_ok: boolean }>(
      'GET',
      `/api/orders/${order.id}/trail`,
      { token: owner.accessToken },
    );
    expect(mine.body.events.length).toBeGreaterThan(0);
    expect(mine.body.chain_ok).toBe(true);
  },
  updateOrderTitle: async ({ stack, owner, other }) => {
    const order = await paidOrder(stack, owner, { title: 'De la dueña' });
    const res = await api(stack)('PATCH', `/api/orders/${order.id}`, {
      token: other.accessToken,
      body: { title: 'Ajeno' },
    });
    expect(res.status).toBe(404);
    const mine = await checkoutApi(stack).getOrder(owner, order.id);
    expect(mine.body.order.title).toBe('De la dueña');
  },
  resendSigningLink: async ({ stack, owner, other }) => {
    const order = await paidOrder(stack, owner);
    const s = order.signers[0];
    const res = await api(stack)('POST', `/api/orders/${order.id}/signers/${s?.id}/resend`, {
      token: other.accessToken,
    });
    expect(res.status).toBe(404);
    expect(await signingLinks(stack, s?.email ?? '')).toHaveLength(1);
  },
  cancelOrder: async ({ stack, owner, other }) => {
    const order = await paidOrder(stack, owner);
    const res = await api(stack)('POST', `/api/orders/${order.id}/cancel`, {
      token: other.accessToken,
    });
    expect(res.status).toBe(404);
    expect(res.body).not.toHaveProperty('order');
    const mine = await checkoutApi(stack).getOrder(owner, order.id);
    expect(mine.body.order.status).toBe('processing');
  },
  // end of checkout and orders
};

async function ownerRequest(stack: StackInfo, owner: TestUser) {
  const doc = await readyDocument(stack, owner.accessToken);
  const res = await api(stack)<RequestAnswer>('POST', '/api/requests', {
    token: owner.accessToken,
    body: { country_id: 'cl', document_id: doc },
  });
  expect(res.status).toBe(200);
  return res.body.request;
}

/** Subscribes the saved-signers feature (the cases share users: one may hold it already). */
async function savedSignersFeature(stack: StackInfo, user: TestUser) {
  const access = await api(stack)<{ has_access: boolean }>(
    'GET',
    '/api/features/access/saved_signers_access',
    { token: user.accessToken },
  );
  if (access.body.has_access) return;
  await grantCredits(stack, user.accessToken, 10);
  const res = await api(stack)('POST', '/api/features/subscriptions', {
    token: user.accessToken,
    body: { plan_id: 'saved-signers', idempotency_key: randomUUID() },
  });
  expect(res.status).toBe(200);
}

const savedSigner = (email: string) => ({
  first_name: 'Dueña',
  last_name: 'Prueba',
  id_number: '12345678-5',
  email,
  phone: '912345678',
  phone_country_code: '+56',
});

async function ownerSavedSigner(stack: StackInfo, owner: TestUser): Promise<string> {
  const email = `guardado-${randomUUID().slice(0, 8)}@example.com`;
  const res = await api(stack)('POST', '/api/saved-signers', {
    token: owner.accessToken,
    body: savedSigner(email),
  });
  expect(res.status).toBe(200);
  return email;
}
