import { describe, expect, it } from 'vitest';
import { es } from '../../shared/messages.es.js';
import { AppError } from './errors.js';
import { errorResponse } from './http.js';
import { isUnavailable, unavailableError } from './unavailable.js';

const netError = (code: string) => Object.assign(new Error(`connect ${code}`), { code });
const awsError = (name: string, status: number) =>
  Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });
const stripeError = (type: string, statusCode?: number) =>
  Object.assign(new Error(type), { type, statusCode });

describe('dependency failures', () => {
  it('knows a dependency that did not answer', () => {
    expect(isUnavailable(netError('ECONNREFUSED'))).toBe(true);
    expect(isUnavailable(netError('ECONNRESET'))).toBe(true);
    expect(isUnavailable(Object.assign(new Error('t'), { name: 'TimeoutError' }))).toBe(true);
    expect(isUnavailable(awsError('InternalServerError', 500))).toBe(true);
    expect(isUnavailable(awsError('ThrottlingException', 400))).toBe(true);
    expect(isUnavailable(awsError('SlowDown', 503))).toBe(true);
    expect(isUnavailable(stripeError('StripeConnectionError'))).toBe(true);
    expect(isUnavailable(stripeError('StripeAPIError', 500))).toBe(true);
    // Wrapped: the SDK's own error around a refused connection.
    expect(isUnavailable(new Error('wrapped', { cause: netError('ECONNREFUSED') }))).toBe(true);
  });

  it('leaves every other error alone', () => {
    expect(isUnavailable(new Error('bug'))).toBe(false);
    expect(isUnavailable(awsError('ConditionalCheckFailedException', 400))).toBe(false);
    expect(isUnavailable(awsError('AccessDenied', 403))).toBe(false);
    expect(isUnavailable(stripeError('StripeCardError', 402))).toBe(false);
    expect(isUnavailable(stripeError('StripeInvalidRequestError', 404))).toBe(false);
    expect(unavailableError(new AppError('CONFLICT', 'x'))).toBeUndefined();
  });

  it('answers a retryable Spanish 503 naming the dependency, never a bare 500', () => {
    const db = errorResponse(netError('ECONNREFUSED'));
    expect(db.statusCode).toBe(503);
    expect(JSON.parse(String(db.body)).error).toEqual({
      code: 'UNAVAILABLE',
      message: es.api.unavailable,
    });
    const stripe = errorResponse(stripeError('StripeConnectionError'));
    expect(stripe.statusCode).toBe(503);
    expect(JSON.parse(String(stripe.body)).error.message).toBe(es.api.paymentsUnavailable);
    expect(unavailableError(netError('ECONNRESET'), es.api.storageUnavailable)?.message).toBe(
      es.api.storageUnavailable,
    );
    // A real bug stays a 500.
    expect(errorResponse(new TypeError('x is undefined')).statusCode).toBe(500);
  });
});
