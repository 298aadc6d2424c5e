import { apiEs } from '../../shared/messages/api.es.js';
import { currentDeadline } from './deadline.js';
import { AppError } from './errors.js';

/**
 * Errors that only say a dependency did not answer (stopped, hung, overloaded, cut off): the
 * request may be sent again, and the user must be told so with a retryable 503, never a bare
 * 500 'Error inesperado'. Both SDKs' shapes are known here: the AWS SDK's (a Node network code,
 * TimeoutError from the timeouts of sdk-budget.ts, AbortError at the deadline, a 5xx or
 * throttling answer after its retries) and stripe-node's (StripeConnectionError, StripeAPIError,
 * StripeRateLimitError, any 5xx).
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

const UNAVAILABLE_NAMES = new Set([
  'TimeoutError',
  'AbortError',
  'RequestTimeout',
  'RequestTimeoutException',
  'ThrottlingException',
  'Throttling',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TransactionConflictException',
  'SlowDown',
  'ServiceUnavailable',
  'InternalError',
  'InternalServerError',
  'InternalErrorException',
  'TooManyRequestsException',
]);

const STRIPE_UNAVAILABLE = new Set([
  'StripeConnectionError',
  'StripeAPIError',
  'StripeRateLimitError',
]);

interface Shape {
  name?: string;
  code?: string;
  type?: string;
  statusCode?: number;
  $metadata?: { httpStatusCode?: number };
  cause?: unknown;
  detail?: unknown;
}

/** A Stripe SDK error (without loading the SDK): they all carry a `type` 'Stripe…'. */
export const isStripeError = (err: unknown): boolean =>
  typeof (err as Shape)?.type === 'string' && (err as Shape).type?.startsWith('Stripe') === true;

/** True when `err` (or what caused it) only means a dependency did not answer. */
export function isUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  if (err instanceof AppError) return err.code === 'UNAVAILABLE';
  const e = err as Shape;
  if (isStripeError(err)) {
    return STRIPE_UNAVAILABLE.has(e.type ?? '') || (e.statusCode ?? 0) >= 500;
  }
  const status = e.$metadata?.httpStatusCode ?? 0;
  return (
    NETWORK_CODES.has(e.code ?? '') ||
    UNAVAILABLE_NAMES.has(e.name ?? '') ||
    status >= 500 ||
    status === 429 ||
    isUnavailable(e.cause, depth + 1)
  );
}

/**
 * The retryable 503 for an error that only means a dependency did not answer, or undefined for
 * any other error. `message` names the dependency; once the request's deadline has passed the
 * answer is the deadline's own (apiEs.timeout).
 */
export function unavailableError(err: unknown, message?: string): AppError | undefined {
  if (err instanceof AppError) return err.code === 'UNAVAILABLE' ? err : undefined;
  if (!isUnavailable(err)) return undefined;
  if (currentDeadline()?.expired) return new AppError('UNAVAILABLE', apiEs.timeout);
  const text = message ?? (isStripeError(err) ? apiEs.paymentsUnavailable : apiEs.unavailable);
  return new AppError('UNAVAILABLE', text);
}
