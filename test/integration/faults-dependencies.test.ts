import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { es } from '../../shared/messages.es.js';
import { type ApiResult, api, newConfirmedUser, type TestUser } from '../support/client.js';
import { allUp, type FaultMode, setFault } from '../support/faults.js';
import { grantCredits, walletOf } from '../support/ledger.js';
import { checkoutApi, completeRequest } from '../support/orders.js';

/**
 * The database hung past the request deadline, and Stripe stopped or hung, in the middle of
 * the flows that spend or charge: each answers a retryable Spanish 503 before the Lambda
 * timeout (the local gateway enforces it), writes nothing half-done, and the same action
 * retried once the dependency is back reports the real outcome, with one debit at most.
 */
const stack = inject('stack');
const call = api(stack);
const shop = checkoutApi(stack);

type ErrorBody = { error: { code: string; message: string } };

afterEach(() => allUp(stack));

/** A retryable 503 with one of the Spanish "try again" messages (never a bare 500). */
function expectRetryable(res: ApiResult<unknown>, messages: string[]) {
  expect(res.status, JSON.stringify(res.body)).toBe(503);
  const { error } = res.body as ErrorBody;
  expect(error.code).toBe('UNAVAILABLE');
  expect(messages).toContain(error.message);
}

const spendChat = (user: TestUser, key: string) =>
  call<{ balance: number } & ErrorBody>('POST', '/api/credits/services/use', {
    token: user.accessToken,
    body: { service_name: 'ai_chat_message', quantity: 1, idempotency_key: key },
  });

async function usage(user: TestUser) {
  const res = await call<{ transactions: { amount: number; related_entity_type: string }[] }>(
    'GET',
    '/api/credits/transactions?type=usage',
    { token: user.accessToken },
  );
  expect(res.status).toBe(200);
  return res.body.transactions;
}

async function orderCount(user: TestUser) {
  const res = await call<{ stats: { total_orders: number } }>('GET', '/api/orders', {
    token: user.accessToken,
  });
  expect(res.status).toBe(200);
  return res.body.stats.total_orders;
}

describe('the database paused past the timeout', () => {
  it('a spend and a credits checkout: 503, then the same keys report one debit each', async () => {
    const user = await newConfirmedUser(stack, 'Pausa');
    await grantCredits(stack, user.accessToken, 1_000);
    const req = await completeRequest(stack, user);
    const start = (await walletOf(stack, user.accessToken)).balance;
    const spendKey = randomUUID();
    const payKey = randomUUID();

    await setFault(stack, 'dynamodb', 'paused');
    const [spent, paid] = await Promise.all([
      spendChat(user, spendKey),
      shop.payCredits(user, req.id, payKey),
    ]);
    // Answered by the handler itself before its deadline, not killed by the gateway.
    for (const res of [spent, paid]) expectRetryable(res, [es.api.timeout, es.api.unavailable]);
    await setFault(stack, 'dynamodb', 'up');

    // One debit or none so far: whatever landed, landed whole.
    const between = (await walletOf(stack, user.accessToken)).balance;
    expect(start - between).toBeGreaterThanOrEqual(0);

    // The same keys again: the real outcome, and exactly one debit each in the end.
    const [spentAgain, paidAgain] = await Promise.all([
      spendChat(user, spendKey),
      shop.payCredits(user, req.id, payKey),
    ]);
    expect(spentAgain.status, JSON.stringify(spentAgain.body)).toBe(200);
    expect(paidAgain.status, JSON.stringify(paidAgain.body)).toBe(200);
    const repeated = await Promise.all([
      spendChat(user, spendKey),
      shop.payCredits(user, req.id, payKey),
    ]);
    expect(repeated.map((r) => r.status)).toEqual([200, 200]);
    expect(repeated[1].body.order.id).toBe(paidAgain.body.order.id);

    // One chat message (1 credit) and one order (its quote's credits), each debited once.
    const debits = await usage(user);
    const service = debits.filter((t) => t.related_entity_type === 'credit_service');
    const order = debits.filter((t) => t.related_entity_type !== 'credit_service');
    expect(service.map((t) => Math.abs(t.amount))).toEqual([1]);
    expect(order.map((t) => Math.abs(t.amount))).toEqual([req.quote.credits_needed]);
    expect((await walletOf(stack, user.accessToken)).balance).toBe(
      start - 1 - req.quote.credits_needed,
    );
    expect(await orderCount(user)).toBe(1);
  });
});

describe.each<FaultMode>(['down', 'paused'])('Stripe %s', (mode) => {
  it('card intent, card status, package intent and package status: a 503 to retry', async () => {
    const user = await newConfirmedUser(stack, 'Stripe');
    const [fresh, started] = await Promise.all([
      completeRequest(stack, user),
      completeRequest(stack, user),
    ]);
    // A card payment begun while Stripe was up, and a package payment too.
    const intent = await shop.cardIntent(user, started.id);
    expect(intent.status).toBe(200);
    const pkg = await call<{ payment_intent_id: string }>(
      'POST',
      '/api/payments/credit-package-intent',
      { token: user.accessToken, body: { packageId: 'popular', countryId: 'cl' } },
    );
    expect(pkg.status).toBe(200);

    await setFault(stack, 'stripe', mode);
    const results = await Promise.all([
      shop.cardIntent(user, fresh.id),
      shop.cardStatus(user, intent.body.payment_intent_id),
      call('POST', '/api/payments/credit-package-intent', {
        token: user.accessToken,
        body: { packageId: 'popular', countryId: 'cl' },
      }),
      call('GET', `/api/payments/intents/${pkg.body.payment_intent_id}`, {
        token: user.accessToken,
      }),
    ]);
    // Down: refused at once, Stripe's own message. Hung: each attempt waits for its timeout
    // (sdk-budget.ts), still inside the deadline.
    const messages =
      mode === 'down' ? [es.api.paymentsUnavailable] : [es.api.paymentsUnavailable, es.api.timeout];
    for (const res of results) expectRetryable(res, messages);
    await setFault(stack, 'stripe', 'up');

    // Nothing half-written: both requests still in the cart, no order, no credits; the same
    // actions now work, and the payment begun before is where it was.
    expect(await shop.cart(user)).toEqual(expect.arrayContaining([fresh.id, started.id]));
    expect((await shop.getRequest(user, fresh.id)).body.request.status).toBe('pending');
    expect(await orderCount(user)).toBe(0);
    expect((await walletOf(stack, user.accessToken)).balance).toBe(0);
    const retried = await shop.cardIntent(user, fresh.id);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect((await shop.cardStatus(user, intent.body.payment_intent_id)).body).toMatchObject({
      status: 'requires_payment_method',
      order_id: null,
    });
    const pkgStatus = await call('GET', `/api/payments/intents/${pkg.body.payment_intent_id}`, {
      token: user.accessToken,
    });
    expect(pkgStatus.status).toBe(200);
  });
});
