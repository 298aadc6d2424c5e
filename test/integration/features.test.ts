import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { es } from '../../shared/messages.es.js';
import { santiagoParts } from '../../shared/rules/santiago-time.js';
import { api, newConfirmedUser } from '../support/client.js';
import { grantCredits, runJob, walletOf } from '../support/ledger.js';

const stack = inject('stack');
const call = api(stack);

interface Sub {
  id: string;
  feature_type: string;
  is_active: boolean;
  auto_renew: boolean;
  period_start: string;
  period_end: string;
  last_renewal_attempt: string | null;
}

const subscribe = (token: string, plan_id: string, idempotency_key = randomUUID()) =>
  call<{ subscription: Sub; balance: number }>('POST', '/api/features/subscriptions', {
    token,
    body: { plan_id, idempotency_key },
  });

const access = async (token: string, type: string) =>
  (await call<{ has_access: boolean }>('GET', `/api/features/access/${type}`, { token })).body
    .has_access;

describe('premium features', () => {
  it('lists the active plans in order, saved signers at 10 credits a month', async () => {
    const res = await call<{
      plans: { id: string; feature_type: string; credits_per_month: number }[];
    }>('GET', '/api/features/plans');
    expect(res.status).toBe(200);
    expect(res.body.plans[0]).toMatchObject({
      feature_type: 'saved_signers_access',
      credits_per_month: 10,
    });
  });

  it('subscribes with credits for one month, refuses a second one, cancels', async () => {
    const user = await newConfirmedUser(stack);
    await grantCredits(stack, user.accessToken, 25);
    expect(await access(user.accessToken, 'saved_signers_access')).toBe(false);

    const key = randomUUID();
    const res = await subscribe(user.accessToken, 'saved-signers', key);
    expect(res.status).toBe(200);
    expect(res.body.balance).toBe(15);
    const sub = res.body.subscription;
    expect(sub).toMatchObject({
      is_active: true,
      auto_renew: true,
      feature_type: 'saved_signers_access',
    });
    // One month on Chile's calendar.
    const start = santiagoParts(sub.period_start);
    const end = santiagoParts(sub.period_end);
    expect(end.month).toBe((start.month % 12) + 1);
    expect(await access(user.accessToken, 'saved_signers_access')).toBe(true);

    // The same request again (a retry) changes nothing; a new one is refused.
    expect((await subscribe(user.accessToken, 'saved-signers', key)).body.balance).toBe(15);
    const again = await subscribe(user.accessToken, 'saved-signers');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { message: es.credits.alreadySubscribed } });
    expect((await walletOf(stack, user.accessToken)).balance).toBe(15);

    // Another user cannot cancel it.
    const other = await newConfirmedUser(stack);
    const foreign = await call('POST', `/api/features/subscriptions/${sub.id}/cancel`, {
      token: other.accessToken,
    });
    expect(foreign.status).toBe(404);

    const cancelled = await call<Sub>('POST', `/api/features/subscriptions/${sub.id}/cancel`, {
      token: user.accessToken,
    });
    expect(cancelled.body).toMatchObject({ is_active: false, auto_renew: false });
    expect(await access(user.accessToken, 'saved_signers_access')).toBe(false);

    // After cancelling, subscribing again is allowed (and paid again).
    expect((await subscribe(user.accessToken, 'saved-signers')).body.balance).toBe(5);
  });

  it('refuses without enough credits and for unknown plans', async () => {
    const user = await newConfirmedUser(stack);
    await grantCredits(stack, user.accessToken, 5);
    const short = await subscribe(user.accessToken, 'saved-signers');
    expect(short.status).toBe(422);
    expect(short.body).toMatchObject({ error: { message: es.credits.insufficient } });
    const list = await call<{ subscriptions: Sub[] }>('GET', '/api/features/subscriptions', {
      token: user.accessToken,
    });
    expect(list.body.subscriptions).toEqual([]);
    expect((await subscribe(user.accessToken, 'no-such-plan')).status).toBe(404);
    const forged = await call('POST', '/api/features/subscriptions', {
      token: user.accessToken,
      body: { plan_id: 'saved-signers', idempotency_key: randomUUID(), credits_per_month: 0 },
    });
    expect(forged.status).toBe(400);
  });

  it('renews due subscriptions with credits once, or records the attempt', async () => {
    const rich = await newConfirmedUser(stack);
    await grantCredits(stack, rich.accessToken, 20);
    const paid = (await subscribe(rich.accessToken, 'saved-signers')).body.subscription;
    const poor = await newConfirmedUser(stack);
    await grantCredits(stack, poor.accessToken, 10);
    const unpaid = (await subscribe(poor.accessToken, 'saved-signers')).body.subscription;

    // Before the period ends nothing happens.
    await runJob(stack, 'renew-features', new Date(Date.parse(paid.period_end) - 60_000));
    expect((await walletOf(stack, rich.accessToken)).balance).toBe(10);

    // Everything due before this subscription renewed first, so the next runs see only it.
    await runJob(stack, 'renew-features', new Date(Date.parse(paid.period_end) - 1_000));
    const due = new Date(Date.parse(paid.period_end));
    // Runs at once renew it once, and only one of them counts it.
    const runs = await Promise.all(
      Array.from({ length: 8 }, () => runJob(stack, 'renew-features', due)),
    );
    expect(runs.reduce((n, r) => n + (r.renewed ?? 0), 0)).toBe(1);
    const at = new Date(Date.parse(paid.period_end) + 60_000);
    await runJob(stack, 'renew-features', at); // and later: still one renewal
    expect((await walletOf(stack, rich.accessToken)).balance).toBe(0);
    const [renewed] = (
      await call<{ subscriptions: Sub[] }>('GET', '/api/features/subscriptions', {
        token: rich.accessToken,
      })
    ).body.subscriptions;
    expect(renewed?.period_start).toBe(paid.period_end);
    expect(Date.parse(renewed?.period_end ?? '')).toBeGreaterThan(Date.parse(paid.period_end));

    const [lapsed] = (
      await call<{ subscriptions: Sub[] }>('GET', '/api/features/subscriptions', {
        token: poor.accessToken,
      })
    ).body.subscriptions;
    expect(lapsed?.last_renewal_attempt).not.toBeNull();
    // Not renewed: the period stays where it was, so access ends with it.
    expect(lapsed?.period_end).toBe(unpaid.period_end);
    expect((await walletOf(stack, poor.accessToken)).balance).toBe(0);
  });
});
