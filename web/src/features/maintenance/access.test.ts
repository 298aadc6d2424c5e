import { afterEach, describe, expect, it, vi } from 'vitest';
import { es } from '../../../../shared/messages.es';
import { ApiError } from '../../lib/api';
import { ACCESS_CHECK_MIN_MS, accessCodeFailure, withMinimumDuration } from './access';

describe('withMinimumDuration', () => {
  afterEach(() => vi.useRealTimers());

  it('waits at least the minimum even when the work is instant', async () => {
    vi.useFakeTimers();
    let done = false;
    const run = withMinimumDuration(Promise.resolve('ok'), ACCESS_CHECK_MIN_MS).then((v) => {
      done = true;
      return v;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(run).resolves.toBe('ok');
  });

  it('rejects with the work error, also after the minimum', async () => {
    vi.useFakeTimers();
    const failing = withMinimumDuration(Promise.reject(new Error('no')), 1000);
    let settled = false;
    failing.catch(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(500);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    await expect(failing).rejects.toThrow('no');
  });

  it('takes as long as the work when it is slower', async () => {
    const sleep = vi.fn(async () => undefined);
    await expect(withMinimumDuration(Promise.resolve(1), 1000, sleep)).resolves.toBe(1);
    expect(sleep).toHaveBeenCalledWith(1000);
  });
  it('is one second by the spec', () => {
    expect(ACCESS_CHECK_MIN_MS).toBe(1000);
  });
});

describe('accessCodeFailure', () => {
  it('wrong code clears the field', () => {
    expect(accessCodeFailure(new ApiError(403, 'FORBIDDEN', 'x'))).toEqual({
      message: 'Código de acceso incorrecto',
      clearField: true,
    });
  });
  it('rate limit keeps the field', () => {
    expect(accessCodeFailure(new ApiError(429, 'TOO_MANY_REQUESTS', 'x'))).toEqual({
      message: es.api.tooManyRequests,
      clearField: false,
    });
  });
  it('validation shows the field message', () => {
    expect(
      accessCodeFailure(
        new ApiError(400, 'VALIDATION', es.api.validation, { code: es.maintenance.codeRequired }),
      ).message,
    ).toBe(es.maintenance.codeRequired);
  });
  it('network and other failures', () => {
    expect(accessCodeFailure(new ApiError(0, 'NETWORK', 'x')).message).toBe(es.api.network);
    expect(accessCodeFailure(new Error('x')).message).toBe(es.api.internal);
  });
});
