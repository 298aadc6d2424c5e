import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { describe, expect, inject, it } from 'vitest';
import { es } from '../../shared/messages.es.js';
import { newConfirmedUser } from '../support/client.js';
import {
  allTransactions,
  ledgerOf,
  nowEpoch,
  ownerOf,
  subOf,
  walletOf,
} from '../support/ledger.js';

/**
 * The ledger's own rules against the stack's DynamoDB, in this process (so time can be chosen):
 * lots at their expiry second, 150 lots in one spend, taking back a payment's credits, and the
 * request deadline.
 */
const stack = inject('stack');
const DAY = 86_400;

interface Tx {
  id: string;
  type: string;
  amount: number;
  balance_after_transaction: number;
  related_entity_id: string | null;
  lots?: unknown;
}

async function wallet() {
  const user = await newConfirmedUser(stack, 'Libro');
  const L = await ledgerOf(stack);
  return { user, L, owner: await ownerOf(user.accessToken) };
}

const grantOf = (owner: string, amount: number, expiresAt: number, extra = {}) => ({
  ownerId: owner,
  type: 'earned' as const,
  amount,
  expiresAt,
  description: 'Créditos de prueba',
  idempotencyKey: `test:${randomUUID()}`,
  ...extra,
});

const spendOf = (owner: string, amount: number, key = randomUUID()) => ({
  ownerId: owner,
  amount,
  description: 'Uso de prueba',
  idempotencyKey: `test:${key}`,
});

describe('expiry at the boundary', () => {
  it('a lot never pays a spend at or after its expiry second', async () => {
    const { user, L, owner } = await wallet();
    const T = nowEpoch() + 30 * DAY;
    await L.grant(grantOf(owner, 5, T), () => T - 100);
    await L.grant(grantOf(owner, 5, T + 100), () => T - 100);
    // One second before: paid by the lot ending at T.
    const before = await L.spend(spendOf(owner, 1), () => T - 1);
    expect(before.entry.balance_after_transaction).toBe(9);
    // At T: the 4 left in that lot are expired first, then the spend is paid by the other lot.
    const at = await L.spend(spendOf(owner, 5), () => T);
    expect(at.entry.balance_after_transaction).toBe(0);
    await expect(L.spend(spendOf(owner, 1), () => T)).rejects.toMatchObject({
      code: 'INSUFFICIENT_CREDITS',
    });
    expect(await walletOf(stack, user.accessToken)).toMatchObject({
      balance: 0,
      totalExpired: 4,
      totalUsed: 6,
    });
    const all = await allTransactions<Tx>(stack, user.accessToken);
    expect(all.map((t) => [t.type, t.amount, t.balance_after_transaction])).toEqual([
      ['usage', -5, 0],
      ['expired', -4, 5],
      ['usage', -1, 9],
      ['earned', 5, 10],
      ['earned', 5, 5],
    ]);
    const running = await L.expireWallet(owner, () => T + 1000);
    expect(running).toBe(0); // nothing left to expire: once only
  });
});

describe('many lots', () => {
  it('a spend drawing from 150 lots succeeds, recorded with every lot it took', async () => {
    const { user, L, owner } = await wallet();
    const base = nowEpoch() + 10 * DAY;
    for (let i = 0; i < 150; i += 15) {
      await Promise.all(
        Array.from({ length: 15 }, (_, j) => L.grant(grantOf(owner, 1, base + i + j), nowEpoch)),
      );
    }
    expect((await walletOf(stack, user.accessToken)).balance).toBe(150);
    const res = await L.spend(spendOf(owner, 150), nowEpoch);
    expect(res.entry.balance_after_transaction).toBe(0);
    const { db, tableName } = await import('../../functions/platform/db.js');
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    await allTransactions(stack, user.accessToken); // settles the journal
    const items = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :tx)',
        ExpressionAttributeValues: { ':pk': `WALLET#${owner}`, ':tx': 'TX#' },
        ScanIndexForward: false,
        Limit: 1,
      }),
    );
    const record = items.Items?.[0] as { lots: { expiresAt: number; take: number }[] };
    expect(record.lots).toHaveLength(150);
    expect(record.lots.map((l) => l.expiresAt)).toEqual(
      Array.from({ length: 150 }, (_, i) => base + i),
    );
    // Every lot is spent: their items are gone from the expiry index.
    const { ownersWithExpiredLots } = L;
    expect(await ownersWithExpiredLots(base + 200)).not.toContain(owner);
  }, 240_000);
});

describe('reclaimGrant', () => {
  it("takes back what is left of a payment's credits, once, as one adjustment", async () => {
    const { user, L, owner } = await wallet();
    const now = nowEpoch();
    await L.grant(
      grantOf(owner, 50, now + 100 * DAY, { payment_intent_id: 'pi_A', type: 'purchase' }),
      nowEpoch,
    );
    await L.grant(
      grantOf(owner, 30, now + 200 * DAY, { payment_intent_id: 'pi_B', type: 'purchase' }),
      nowEpoch,
    );
    // 60 credits: all 50 of pi_A (ends first), then 10 of pi_B.
    await L.spend(spendOf(owner, 60), nowEpoch);
    const input = (pi: string, key = randomUUID()) => ({
      ownerId: owner,
      paymentIntentId: pi,
      idempotencyKey: `refund:${key}`,
      description: 'Reembolso del pago',
    });
    const key = randomUUID();
    // 100 at once with the same key: one adjustment.
    const results = await Promise.all(
      Array.from({ length: 100 }, () => L.reclaimGrant(input('pi_B', key), nowEpoch)),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    for (const r of results) {
      expect(r.reclaimed).toBe(20);
      expect(r.entry).toMatchObject({
        type: 'adjustment',
        amount: -20,
        balance_after_transaction: 0,
        payment_intent_id: 'pi_B',
      });
    }
    expect(new Set(results.map((r) => r.entry?.id)).size).toBe(1);
    // pi_A's credits are all spent: nothing to take, and a dispute makes its 50 credits owed (a
    // record of 0 credits says so, and the wallet's debt pauses spending).
    const spentA = await L.reclaimGrant({ ...input('pi_A'), recordDebt: true }, nowEpoch);
    expect(spentA).toMatchObject({ reclaimed: 0, owed: 50, replayed: false });
    expect(spentA.entry).toMatchObject({ amount: 0, payment_intent_id: 'pi_A' });
    expect(spentA.entry?.description).toContain('50 créditos ya usados quedan por saldar');
    expect(await walletOf(stack, user.accessToken)).toMatchObject({
      balance: 0,
      debt: 50,
      totalEarned: 60,
      totalUsed: 60,
    });
    const adjustments = await allTransactions<Tx>(stack, user.accessToken, 'type=adjustment');
    expect(adjustments.map((t) => t.amount)).toEqual([0, -20]);
  }, 120_000);

  it('never takes expired credits, and races spends without a lost update', async () => {
    const { user, L, owner } = await wallet();
    const now = nowEpoch();
    await L.grant(
      grantOf(owner, 100, now + 50 * DAY, { payment_intent_id: 'pi_C', type: 'purchase' }),
      nowEpoch,
    );
    const key = `refund:${randomUUID()}`;
    const spends = Array.from({ length: 100 }, () =>
      L.spend(spendOf(owner, 1), nowEpoch).then(
        () => 'ok',
        (err: { code?: string }) => err.code ?? 'error',
      ),
    );
    const reclaim = L.reclaimGrant(
      { ownerId: owner, paymentIntentId: 'pi_C', idempotencyKey: key, description: 'Disputa' },
      nowEpoch,
    );
    const outcomes = await Promise.all(spends);
    const taken = await reclaim;
    const spent = outcomes.filter((o) => o === 'ok').length;
    expect(outcomes.every((o) => o === 'ok' || o === 'INSUFFICIENT_CREDITS')).toBe(true);
    expect(spent + taken.reclaimed).toBe(100);
    expect((await walletOf(stack, user.accessToken)).balance).toBe(0);
    const all = await allTransactions<Tx>(stack, user.accessToken);
    let balance = 0;
    for (const t of [...all].reverse()) {
      balance += t.amount;
      expect(t.balance_after_transaction).toBe(balance);
    }
    // After the lot's expiry nothing can be taken back.
    const other = await wallet();
    await other.L.grant(
      grantOf(other.owner, 10, now + DAY, { payment_intent_id: 'pi_D', type: 'purchase' }),
      nowEpoch,
    );
    const late = await other.L.reclaimGrant(
      { ownerId: other.owner, paymentIntentId: 'pi_D', idempotencyKey: 'k', description: 'x' },
      () => now + DAY,
    );
    expect(late.reclaimed).toBe(0);
  }, 120_000);
});

describe('request deadline', () => {
  async function callUse(accessToken: string, remainingMs: number, key = randomUUID()) {
    await ledgerOf(stack); // points this process at the stack's table
    const { handler } = await import('../../functions/credits/use-service.js');
    const event = {
      version: '2.0',
      routeKey: 'POST /api/credits/services/use',
      rawPath: '/api/credits/services/use',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ service_name: 'ai_chat_message', idempotency_key: key }),
      isBase64Encoded: false,
      requestContext: {
        requestId: randomUUID(),
        http: { method: 'POST', path: '/api/credits/services/use', sourceIp: '127.0.0.1' },
        authorizer: { jwt: { claims: { sub: subOf(accessToken), token_use: 'access' } } },
      },
    };
    const started = Date.now();
    const context = {
      awsRequestId: randomUUID(),
      getRemainingTimeInMillis: () => remainingMs - (Date.now() - started),
    } as unknown as Context;
    const res = await handler(event as never, context);
    return { status: res.statusCode ?? 0, body: JSON.parse(res.body ?? '{}') };
  }

  it('answers a Spanish, retryable 503 and writes nothing when time runs out first', async () => {
    const { user, L, owner } = await wallet();
    await L.grant(grantOf(owner, 3, nowEpoch() + DAY), nowEpoch);
    const { db } = await import('../../functions/platform/db.js');
    // DynamoDB slower than the request's budget: 1.6 s left is 100 ms of deadline.
    const slow = 'test-slow-dynamodb';
    db().middlewareStack.add(
      (next) => async (args) => {
        await new Promise((r) => setTimeout(r, 150));
        return next(args);
      },
      { step: 'finalizeRequest', name: slow },
    );
    let late: { status: number; body: { error?: { code: string; message: string } } };
    try {
      late = await callUse(user.accessToken, 1_600);
    } finally {
      db().middlewareStack.remove(slow);
    }
    expect(late.status).toBe(503);
    expect(late.body.error).toEqual({ code: 'UNAVAILABLE', message: es.api.timeout });
    // Nothing written, now or later.
    await new Promise((r) => setTimeout(r, 300));
    expect((await walletOf(stack, user.accessToken)).balance).toBe(3);
    expect(await allTransactions<Tx>(stack, user.accessToken, 'type=usage')).toEqual([]);

    // The same request with time enough goes through once.
    const ok = await callUse(user.accessToken, 10_000);
    expect(ok.status).toBe(200);
    expect((await walletOf(stack, user.accessToken)).balance).toBe(2);
  });
});

describe('wallets of the first ledger', () => {
  it('are upgraded in place on their next change, records and lots kept', async () => {
    const { user, L, owner } = await wallet();
    const { db, tableName } = await import('../../functions/platform/db.js');
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const now = nowEpoch();
    const put = (Item: Record<string, unknown>) =>
      db().send(new PutCommand({ TableName: tableName(), Item }));
    // As the first ledger left it: version 2 (a grant of 10, a spend of 3), one lot holding 7.
    const pk = `WALLET#${owner}`;
    await put({
      pk,
      sk: 'BALANCE',
      entity: 'Wallet',
      ownerId: owner,
      balance: 7,
      totalEarned: 10,
      totalUsed: 3,
      totalExpired: 0,
      version: 2,
    });
    await put({
      pk,
      sk: `LOT#${now + 10 * DAY}#old-lot`,
      gsi1pk: 'LOTEXPIRY',
      gsi1sk: `${now + 10 * DAY}#${owner}#old-lot`,
      entity: 'CreditLot',
      ownerId: owner,
      lotId: 'old-lot',
      expiresAt: now + 10 * DAY,
      granted: 10,
      remaining: 7,
    });
    const record = (seq: number, type: string, amount: number, after: number) => ({
      pk,
      sk: `TX#${String(seq).padStart(12, '0')}`,
      gsi1pk: `${pk}#TX#${type}`,
      gsi1sk: String(seq).padStart(12, '0'),
      entity: 'CreditTransaction',
      id: randomUUID(),
      owner_id: owner,
      type,
      amount,
      balance_after_transaction: after,
      description: 'antiguo',
      created_at: new Date().toISOString(),
    });
    await put(record(1, 'earned', 10, 10));
    await put(record(2, 'usage', -3, 7));

    const res = await L.spend(spendOf(owner, 2), nowEpoch);
    expect(res.entry.balance_after_transaction).toBe(5);
    expect(await walletOf(stack, user.accessToken)).toMatchObject({
      balance: 5,
      totalUsed: 5,
      version: 3,
    });
    const all = await allTransactions<Tx>(stack, user.accessToken);
    expect(all.map((t) => [t.type, t.amount, t.balance_after_transaction])).toEqual([
      ['usage', -2, 5],
      ['usage', -3, 7],
      ['earned', 10, 10],
    ]);
    // The old lot still expires on its day, with what is left of it.
    await L.expireWallet(owner, () => now + 10 * DAY);
    expect((await walletOf(stack, user.accessToken)).balance).toBe(0);
  }, 60_000);
});
