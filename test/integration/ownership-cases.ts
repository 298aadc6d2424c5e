import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { StackInfo } from '../../local/stack.js';
import type { RouteId } from '../../shared/contract/routes.js';
import { api, signIn, type TestUser } from '../support/client.js';
import { grantCredits, walletOf } from '../support/ledger.js';
import { accountOwnershipCases } from './ownership-cases-account.js';
import { adminOwnershipCases } from './ownership-cases-admin.js';
import { documentsOwnershipCases } from './ownership-cases-documents.js';
import { notaryOwnershipCases } from './ownership-cases-notary.js';
import { ordersOwnershipCases } from './ownership-cases-orders.js';
import { organizationsOwnershipCases } from './ownership-cases-organizations.js';
import { receiptsOwnershipCases } from './ownership-cases-receipts.js';

/**
 * For every route that needs a token: what user B sees when it reaches for user A's data with
 * its own valid token. The authorization test fails for a protected route without an entry here,
 * so a new route cannot ship without saying how it keeps users apart.
 */
export type OwnershipCase = (ctx: {
  stack: StackInfo;
  owner: TestUser;
  other: TestUser;
}) => Promise<void>;

export const ownershipCases: Partial<Record<RouteId, OwnershipCase>> = {
  getMyProfile: async ({ stack, owner, other }) => {
    // No id in the path: the profile is always the caller's own.
    const res = await api(stack)('GET', '/api/me', { token: other.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: other.email });
    expect(res.body).not.toMatchObject({ email: owner.email });
  },
  // Credits: no owner id in any path; each call reads or spends the caller's own wallet.
  getWallet: async ({ stack, owner, other }) => {
    await grantCredits(stack, owner.accessToken, 7);
    const res = await api(stack)('GET', '/api/credits/wallet', { token: other.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ balance: 0 });
  },
  listCreditTransactions: async ({ stack, owner, other }) => {
    await grantCredits(stack, owner.accessToken, 3);
    const res = await api(stack)('GET', '/api/credits/transactions', { token: other.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ transactions: [] });
  },
  useCreditService: async ({ stack, owner, other }) => {
    await grantCredits(stack, owner.accessToken, 5);
    const res = await api(stack)('POST', '/api/credits/services/use', {
      token: other.accessToken,
      body: { service_name: 'ai_chat_message', idempotency_key: randomUUID() },
    });
    // The other user's empty wallet pays, never the owner's.
    expect(res.status).toBe(422);
    expect((await walletOf(stack, owner.accessToken)).balance).toBeGreaterThanOrEqual(5);
  },
  listFeatureSubscriptions: async ({ stack, owner, other }) => {
    await grantCredits(stack, owner.accessToken, 10);
    await api(stack)('POST', '/api/features/subscriptions', {
      token: owner.accessToken,
      body: { plan_id: 'saved-signers', idempotency_key: randomUUID() },
    });
    const res = await api(stack)('GET', '/api/features/subscriptions', {
      token: other.accessToken,
    });
    expect(res.body).toMatchObject({ subscriptions: [] });
  },
  subscribeFeature: async ({ stack, owner, other }) => {
    await grantCredits(stack, owner.accessToken, 10);
    const res = await api(stack)('POST', '/api/features/subscriptions', {
      token: other.accessToken,
      body: { plan_id: 'saved-signers', idempotency_key: randomUUID() },
    });
    expect(res.status).toBe(422);
  },
  cancelFeatureSubscription: async ({ stack, owner, other }) => {
    // The owner may already hold this plan from another case: subscribe, then take the live one.
    await grantCredits(stack, owner.accessToken, 10);
    await api(stack)('POST', '/api/features/subscriptions', {
      token: owner.accessToken,
      body: { plan_id: 'saved-signers', idempotency_key: randomUUID() },
    });
    const list = await api(stack)<{ subscriptions: { id: string; is_active: boolean }[] }>(
      'GET',
      '/api/features/subscriptions',
      { token: owner.accessToken },
    );
    const live = list.body.subscriptions.find((s) => s.is_active);
    expect(live).toBeDefined();
    const res = await api(stack)('POST', `/api/features/subscriptions/${live?.id}/cancel`, {
      token: other.accessToken,
    });
    expect(res.status).toBe(404);
    const after = await api(stack)<{ subscriptions: { id: string; is_active: boolean }[] }>(
      'GET',
      '/api/features/subscriptions',
      { token: owner.accessToken },
    );
    expect(after.body.subscriptions.find((s) => s.id === live?.id)?.is_active).toBe(true);
  },
  getFeatureAccess: async ({ stack, owner, other }) => {
    await grantCredits(stack, owner.accessToken, 10);
    await api(stack)('POST', '/api/features/subscriptions', {
      token: owner.accessToken,
      body: { plan_id: 'saved-signers', idempotency_key: randomUUID() },
    });
    const res = await api(stack)('GET', '/api/features/access/saved_signers_access', {
      token: other.accessToken,
    });
    expect(res.body).toMatchObject({ has_access: false });
  },
  changePassword: async ({ stack, owner, other }) => {
    // No account in the body: the change is always the caller's. The owner's password is not
    // the other user's current password, and the owner's password stays as it was.
    const res = await api(stack)('POST', '/api/auth/password-change', {
      token: other.accessToken,
      body: { currentPassword: owner.password, newPassword: 'clave-del-otro' },
    });
    expect(res.status).toBe(400);
    await expect(signIn(stack, owner.email, owner.password)).resolves.toHaveProperty('accessToken');
    await expect(signIn(stack, owner.email, 'clave-del-otro')).rejects.toThrow();
  },
  updateMyProfile: async ({ stack, owner, other }) => {
    const res = await api(stack)('PUT', '/api/me', {
      token: other.accessToken,
      body: { first_name: 'Otro', last_name: 'Usuario', account_type: 'personal' },
    });
    expect(res.status).toBe(200);
    const mine = await api(stack)('GET', '/api/me', { token: owner.accessToken });
    expect(mine.body).toMatchObject({ first_name: owner.firstName });
  },
  // Payments: an intent belongs to whoever created it (its metadata, written by the server).
  createPackagePaymentIntent: async ({ stack, owner, other }) => {
    const created = await api(stack)<{ payment_intent_id: string }>(
      'POST',
      '/api/payments/credit-package-intent',
      { token: other.accessToken, body: { packageId: 'basico', countryId: 'cl' } },
    );
    expect(created.status).toBe(200);
    const id = created.body.payment_intent_id;
    const path = `/api/payments/intents/${id}`;
    expect((await api(stack)('GET', path, { token: other.accessToken })).status).toBe(200);
    expect((await api(stack)('GET', path, { token: owner.accessToken })).status).toBe(404);
  },
  getPaymentStatus: async ({ stack, owner, other }) => {
    const created = await api(stack)<{ payment_intent_id: string }>(
      'POST',
      '/api/payments/credit-package-intent',
      { token: owner.accessToken, body: { packageId: 'basico', countryId: 'cl' } },
    );
    const res = await api(stack)('GET', `/api/payments/intents/${created.body.payment_intent_id}`, {
      token: other.accessToken,
    });
    expect(res.status).toBe(404);
    expect(res.body).not.toMatchObject({ payment_intent_id: created.body.payment_intent_id });
  },
  ...accountOwnershipCases,
  ...documentsOwnershipCases,
  ...ordersOwnershipCases,
  ...receiptsOwnershipCases,
  ...organizationsOwnershipCases,
  ...adminOwnershipCases,
  ...notaryOwnershipCases,
};
