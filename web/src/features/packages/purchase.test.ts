import { describe, expect, it, vi } from 'vitest';
import type { PaymentStatus } from '../../../../shared/contract/payments';
import { es } from '../../../../shared/messages.es';
import { ApiError } from '../../lib/api';
import {
  type CreditsOutcome,
  initialPurchase,
  intentErrorMessage,
  isBusy,
  type PurchaseState,
  purchaseReducer,
  waitForCredits,
} from './purchase';

const status = (over: Partial<PaymentStatus> = {}): PaymentStatus => ({
  payment_intent_id: 'pi_1',
  status: 'succeeded',
  credited: false,
  credits: null,
  ...over,
});

/** A clock that moves only when the wait sleeps. */
function fakeClock() {
  let t = 0;
  return {
    now: () => t,
    sleep: vi.fn(async (ms: number) => {
      t += ms;
    }),
  };
}

describe('purchaseReducer', () => {
  const run = (...events: Parameters<typeof purchaseReducer>[1][]): PurchaseState =>
    events.reduce(purchaseReducer, initialPurchase);

  it('goes card → processing → crediting → succeeded', () => {
    expect(run({ type: 'submit' })).toEqual({ step: 'processing' });
    expect(run({ type: 'submit' }, { type: 'confirmed', result: { status: 'succeeded' } })).toEqual(
      {
        step: 'crediting',
      },
    );
    expect(
      run(
        { type: 'submit' },
        { type: 'confirmed', result: { status: 'succeeded' } },
        { type: 'credits', outcome: { kind: 'credited', credits: 500 } },
      ),
    ).toEqual({ step: 'succeeded', credits: 500 });
  });

  it("fails with the provider's message", () => {
    expect(
      run(
        { type: 'submit' },
        { type: 'confirmed', result: { errorMessage: 'Tu tarjeta fue rechazada.' } },
      ),
    ).toEqual({ step: 'failed', message: 'Tu tarjeta fue rechazada.', retry: true });
  });

  it("a declined card's 'Reintentar' brings the card form back; a refunded payment's does not", () => {
    const declined = run(
      { type: 'submit' },
      { type: 'confirmed', result: { errorMessage: 'Tu tarjeta fue rechazada.' } },
    );
    expect(purchaseReducer(declined, { type: 'retry' })).toEqual({ step: 'card' });
    // Another card, same payment: it can be submitted again.
    expect(purchaseReducer({ step: 'card' }, { type: 'submit' })).toEqual({ step: 'processing' });
    const refunded: PurchaseState = { step: 'failed', message: es.credits.paymentRefunded };
    expect(purchaseReducer(refunded, { type: 'retry' })).toBe(refunded);
  });

  it('a processing payment waits for its credits; any other status is a failure', () => {
    expect(
      run({ type: 'submit' }, { type: 'confirmed', result: { status: 'processing' } }).step,
    ).toBe('crediting');
    expect(
      run({ type: 'submit' }, { type: 'confirmed', result: { status: 'requires_action' } }),
    ).toEqual({ step: 'failed', message: es.credits.paymentError, retry: true });
  });

  it('a refused payment after all fails; a wait that runs out is delayed', () => {
    const crediting = run(
      { type: 'submit' },
      { type: 'confirmed', result: { status: 'succeeded' } },
    );
    const declined: CreditsOutcome = { kind: 'declined' };
    expect(purchaseReducer(crediting, { type: 'credits', outcome: declined })).toEqual({
      step: 'failed',
      message: es.credits.paymentError,
      retry: true,
    });
    expect(purchaseReducer(crediting, { type: 'credits', outcome: { kind: 'timeout' } })).toEqual({
      step: 'delayed',
    });
    // Refunded instead of credited: the server's reason, not an endless wait.
    const refunded: CreditsOutcome = { kind: 'refunded', message: es.credits.paymentRefunded };
    expect(purchaseReducer(crediting, { type: 'credits', outcome: refunded })).toEqual({
      step: 'failed',
      message: es.credits.paymentRefunded,
    });
  });

  it('ignores events out of order: no second submit, no late answers', () => {
    const processing = run({ type: 'submit' });
    expect(purchaseReducer(processing, { type: 'submit' })).toBe(processing);
    expect(
      purchaseReducer(initialPurchase, { type: 'confirmed', result: { status: 'succeeded' } }),
    ).toBe(initialPurchase);
    expect(
      purchaseReducer(processing, { type: 'credits', outcome: { kind: 'credited', credits: 1 } }),
    ).toBe(processing);
    const failed: PurchaseState = { step: 'failed', message: 'x' };
    expect(purchaseReducer(failed, { type: 'submit' })).toBe(failed);
  });

  it('is busy while charging or crediting only', () => {
    expect(isBusy({ step: 'card' })).toBe(false);
    expect(isBusy({ step: 'processing' })).toBe(true);
    expect(isBusy({ step: 'crediting' })).toBe(true);
    expect(isBusy({ step: 'succeeded', credits: 1 })).toBe(false);
    expect(isBusy({ step: 'failed', message: 'x' })).toBe(false);
    expect(isBusy({ step: 'delayed' })).toBe(false);
  });
});

describe('waitForCredits', () => {
  it('reads until the payment is credited', async () => {
    const clock = fakeClock();
    const read = vi
      .fn<() => Promise<PaymentStatus>>()
      .mockResolvedValueOnce(status({ status: 'processing' }))
      .mockResolvedValueOnce(status())
      .mockResolvedValueOnce(status({ credited: true, credits: 500 }));
    await expect(waitForCredits(read, clock)).resolves.toEqual({ kind: 'credited', credits: 500 });
    expect(read).toHaveBeenCalledTimes(3);
    expect(clock.sleep).toHaveBeenCalledTimes(2);
    expect(clock.sleep).toHaveBeenCalledWith(1000, undefined);
  });

  it('stops when Stripe says the payment will never be credited', async () => {
    const clock = fakeClock();
    const read = vi.fn(async () => status({ status: 'requires_payment_method' }));
    await expect(waitForCredits(read, clock)).resolves.toEqual({ kind: 'declined' });
    const canceled = vi.fn(async () => status({ status: 'canceled' }));
    await expect(waitForCredits(canceled, clock)).resolves.toEqual({ kind: 'declined' });
  });

  it('retries failed reads and gives up after about 30 s', async () => {
    const clock = fakeClock();
    const read = vi.fn(async (): Promise<PaymentStatus> => {
      throw new ApiError(0, 'NETWORK', es.api.network);
    });
    await expect(waitForCredits(read, clock)).resolves.toEqual({ kind: 'timeout' });
    expect(clock.now()).toBeLessThanOrEqual(30_000);
    expect(read.mock.calls.length).toBeGreaterThanOrEqual(30);
    expect(read.mock.calls.length).toBeLessThanOrEqual(31);
  });

  it('stops at once on a payment the server refunded (409), with its message', async () => {
    let calls = 0;
    const outcome = await waitForCredits(
      async () => {
        calls++;
        throw new ApiError(409, 'CONFLICT', es.credits.paymentRefunded);
      },
      { sleep: async () => {} },
    );
    expect(outcome).toEqual({ kind: 'refunded', message: es.credits.paymentRefunded });
    expect(calls).toBe(1);
  });

  it('gives up at once on a payment that is not the caller’s', async () => {
    const clock = fakeClock();
    const read = vi.fn(async (): Promise<PaymentStatus> => {
      throw new ApiError(404, 'NOT_FOUND', es.credits.paymentNotFound);
    });
    await expect(waitForCredits(read, clock)).resolves.toEqual({ kind: 'timeout' });
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('rejects when aborted', async () => {
    const controller = new AbortController();
    const read = vi.fn(async () => {
      controller.abort(new Error('closed'));
      return status();
    });
    await expect(
      waitForCredits(read, { signal: controller.signal, intervalMs: 5 }),
    ).rejects.toThrow('closed');
  });
});

describe('intentErrorMessage', () => {
  it('tells a server refusal from an unexpected failure (§8 "Payment intent")', () => {
    expect(intentErrorMessage(new ApiError(400, 'VALIDATION', 'x'))).toBe(
      'Error al inicializar el pago. Inténtalo de nuevo.',
    );
    expect(intentErrorMessage(new ApiError(0, 'NETWORK', 'x'))).toBe(
      'Error inesperado. Inténtalo de nuevo.',
    );
    expect(intentErrorMessage(new TypeError('boom'))).toBe('Error inesperado. Inténtalo de nuevo.');
  });

  it("tells the server's own words for a limit or a country closed to purchases", () => {
    for (const message of [es.credits.tooManyPaymentIntents, es.credits.countryInactive]) {
      const status = message === es.credits.countryInactive ? 422 : 429;
      const code = status === 422 ? 'BUSINESS_RULE' : 'TOO_MANY_REQUESTS';
      expect(intentErrorMessage(new ApiError(status, code, message))).toBe(message);
    }
  });
});
