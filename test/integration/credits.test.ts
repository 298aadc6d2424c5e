import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { es } from '../../shared/messages.es.js';
import { api, newConfirmedUser } from '../support/client.js';
import { grantCredits, nowEpoch, runJob, walletOf } from '../support/ledger.js';

const stack = inject('stack');
const call = api(stack);
const key = () => randomUUID();
const DAY = 86_400;

type Tx = { type: string; amount: number; balance_after_transaction: number; description: string };

async function history(token: string, query = '') {
  const res = await call<{ transactions: Tx[]; next_cursor: string | null }>(
    'GET',
    `/api/credits/transactions${query}`,
    { token },
  );
  expect(res.status).toBe(200);
  return res.body;
}

const chatSpend = (token: string, idempotency_key = key()) =>
  call('POST', '/api/credits/services/use', {
    token,
    body: { service_name: 'ai_chat_message', quantity: 1, idempotency_key },
  });

describe('wallet and history', () => {
  it('starts at zero and reflects a grant with its record', async () => {
    const user = await newConfirmedUser(stack);
    const empty = await call('GET', '/api/credits/wallet', { token: user.accessToken });
    expect(empty.body).toEqual({
      balance: 0,
      total_earned: 0,
      total_used: 0,
      expiring_soon: 0,
      debt: 0,
    });

    await grantCredits(stack, user.accessToken, 40, nowEpoch() + 10 * DAY);
    await grantCredits(stack, user.accessToken, 60);
    const wallet = await call('GET', '/api/credits/wallet', { token: user.accessToken });
    expect(wallet.body).toEqual({
      debt: 0,
      balance: 100,
      total_earned: 100,
      total_used: 0,
      expiring_soon: 40,
    });

    const { transactions } = await history(user.accessToken);
    expect(transactions.map((t) => [t.type, t.amount, t.balance_after_transaction])).toEqual([
      ['earned', 60, 100],
      ['earned', 40, 40],
    ]);
  });

  it('pages newest first, filters by type and refuses a forged cursor', async () => {
    const user = await newConfirmedUser(stack);
    await grantCredits(stack, user.accessToken, 10);
    for (let i = 0; i < 3; i++) expect((await chatSpend(user.accessToken)).status).toBe(200);

    const first = await history(user.accessToken, '?limit=2');
    expect(first.transactions).toHaveLength(2);
    expect(first.next_cursor).toBeTruthy();
    const second = await history(
      user.accessToken,
      `?limit=2&cursor=${encodeURIComponent(first.next_cursor as string)}`,
    );
    expect(second.transactions.map((t) => t.balance_after_transaction)).toEqual([9, 10]);

    const usage = await history(user.accessToken, '?type=usage');
    expect(usage.transactions.map((t) => t.amount)).toEqual([-1, -1, -1]);

    // A cursor pointing into another wallet is refused, not followed.
    const other = await newConfirmedUser(stack);
    const forged = await call('GET', `/api/credits/transactions?cursor=${first.next_cursor}`, {
      token: other.accessToken,
    });
    expect(forged.status).toBe(400);
    const bad = await call('GET', '/api/credits/transactions?type=gift&limit=500', {
      token: user.accessToken,
    });
    expect(bad.status).toBe(400);
  });
});

describe('spending credits', () => {
  it('50 concurrent spends against 10 credits succeed exactly 10 times', async () => {
    const user = await newConfirmedUser(stack);
    await grantCredits(stack, user.accessToken, 10);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => chatSpend(user.accessToken)),
    );
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 422);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r.body).toMatchObject({
        error: { code: 'INSUFFICIENT_CREDITS', message: es.credits.insufficient },
      });
    }
    expect((await walletOf(stack, user.accessToken)).balance).toBe(0);
    const usage = await history(user.accessToken, '?type=usage&limit=100');
    expect(usage.transactions).toHaveLength(10);
    // Every balance_after_transaction from 9 down to 0 appears exactly once: no lost update.
    expect(
      usage.transactions.map((t) => t.balance_after_transaction).sort((a, b) => a - b),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('a spend retried with the same idempotency key debits once', async () => {
    const user = await newConfirmedUser(stack);
    await grantCredits(stack, user.accessToken, 10);
    const k = key();
    const [a, b, c] = await Promise.all([
      chatSpend(user.accessToken, k),
      chatSpend(user.accessToken, k),
      chatSpend(user.accessToken, k),
    ]);
    const later = await chatSpend(user.accessToken, k);
    for (const r of [a, b, c, later]) expect(r.status).toBe(200);
    expect(new Set([a, b, c, later].map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect((await walletOf(stack, user.accessToken)).balance).toBe(9);

    // Spend the rest: a late retry of the first command still answers its first result.
    for (let i = 0; i < 9; i++) expect((await chatSpend(user.accessToken)).status).toBe(200);
    const retry = await chatSpend(user.accessToken, k);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(a.body);
    expect((await walletOf(stack, user.accessToken)).balance).toBe(0);

    // The same key from another user is that user's own command, not a replay of this one.
    const other = await newConfirmedUser(stack);
    await grantCredits(stack, other.accessToken, 5);
    expect((await chatSpend(other.accessToken, k)).status).toBe(200);
    expect((await walletOf(stack, other.accessToken)).balance).toBe(4);
  });

  it('takes the price from the rule and refuses amounts, prices and unknown services', async () => {
    const user = await newConfirmedUser(stack);
    await grantCredits(stack, user.accessToken, 100);
    const res = await call<{ balance: number }>('POST', '/api/credits/services/use', {
      token: user.accessToken,
      body: { service_name: 'ai_chat_message', quantity: 50, idempotency_key: key() },
    });
    expect(res.status).toBe(200);
    expect(res.body.balance).toBe(50); // 1 credit per message × 50

    for (const extra of [{ amount: 1 }, { credits_per_unit: 0 }, { price: 0 }]) {
      const forged = await call('POST', '/api/credits/services/use', {
        token: user.accessToken,
        body: { service_name: 'ai_chat_message', idempotency_key: key(), ...extra },
      });
      expect(forged.status).toBe(400);
    }
    const unknown = await call('POST', '/api/credits/services/use', {
      token: user.accessToken,
      body: { service_name: 'free_money', idempotency_key: key() },
    });
    expect(unknown.status).toBe(400);
    const noKey = await call('POST', '/api/credits/services/use', {
      token: user.accessToken,
      body: { service_name: 'ai_chat_message' },
    });
    expect(noKey.status).toBe(400);
    for (const quantity of [0, -1, 1.5, 100000]) {
      const r = await call('POST', '/api/credits/services/use', {
        token: user.accessToken,
        body: { service_name: 'ai_chat_message', quantity, idempotency_key: key() },
      });
      expect(r.status).toBe(400);
    }
    expect((await walletOf(stack, user.accessToken)).balance).toBe(50);
  });
});

describe('expiry', () => {
  it('spends earliest-expiring lots first and expires lots on their day, once', async () => {
    const user = await newConfirmedUser(stack);
    const now = nowEpoch();
    const soon = now + 3 * DAY;
    const later = now + 20 * DAY;
    await grantCredits(stack, user.accessToken, 5, later);
    await grantCredits(stack, user.accessToken, 4, soon);
    // 6 credits: all 4 of the lot ending soonest, then 2 of the later one.
    for (let i = 0; i < 6; i++) expect((await chatSpend(user.accessToken)).status).toBe(200);

    // The day before: nothing of this wallet expires (the job is global: lots other tests left
    // behind may expire in the same run, so the wallet is what tells).
    await runJob(stack, 'expire-credits', new Date((soon - DAY) * 1000));
    expect(await walletOf(stack, user.accessToken)).toMatchObject({ balance: 3, totalExpired: 0 });
    // At the later lot's expiry its 3 remaining credits go, and only them; a second run is a no-op.
    const at = new Date(later * 1000);
    const run = await runJob(stack, 'expire-credits', at);
    expect(run.credits).toBeGreaterThanOrEqual(3); // other tests' lots may expire in this run too
    expect(await walletOf(stack, user.accessToken)).toMatchObject({ balance: 0, totalExpired: 3 });
    await runJob(stack, 'expire-credits', at);
    const expired = await history(user.accessToken, '?type=expired');
    expect(expired.transactions.map((t) => [t.amount, t.balance_after_transaction])).toEqual([
      [-3, 0],
    ]);
  });
});

describe('catalogue', () => {
  it('lists packages with the price of the country and the active services', async () => {
    const cl = await call<{ packages: { id: string; price: number; currency_code: string }[] }>(
      'GET',
      '/api/credits/packages?country=cl',
    );
    expect(cl.status).toBe(200);
    expect(cl.body.packages.map((p) => [p.id, p.price, p.currency_code])).toEqual([
      ['basico', 9990, 'CLP'],
      ['popular', 44990, 'CLP'],
      ['premium', 99990, 'CLP'],
    ]);
    const es = await call<{ packages: { currency_code: string }[] }>(
      'GET',
      '/api/credits/packages?country=es',
    );
    expect(es.body.packages.every((p) => p.currency_code === 'EUR')).toBe(true);
    expect((await call('GET', '/api/credits/packages?country=zz')).body).toEqual({ packages: [] });
    expect((await call('GET', '/api/credits/packages')).status).toBe(400);

    const plans = await call<{ plans: { id: string; price: number; credits_per_month: number }[] }>(
      'GET',
      '/api/subscription-plans?country=cl',
    );
    expect(plans.body.plans.map((p) => [p.id, p.price, p.credits_per_month])).toEqual([
      ['plan-basico', 8990, 100],
      ['plan-popular', 39990, 500],
      ['plan-premium', 109990, 1500],
    ]);
    expect((await call('GET', '/api/subscription-plans')).status).toBe(400);

    const services = await call<{ services: { service_name: string }[] }>(
      'GET',
      '/api/credits/services',
    );
    expect(services.body.services.map((s) => s.service_name)).toEqual([
      'ai_chat_message',
      'ai_document_analysis',
      'document_signature',
      'notarial_service',
      'template_access',
    ]);
  });
});
