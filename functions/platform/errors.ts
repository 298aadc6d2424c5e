import type { ErrorCode } from '../../shared/contract/errors.js';
import { apiEs } from '../../shared/messages/api.es.js';

/** HTTP status of every error code: the one table handlers map domain errors through. */
export const statusOf: Record<ErrorCode, number> = {
  VALIDATION: 400,
  BAD_JSON: 400,
  INVALID_LINK: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  ALREADY_REGISTERED: 409,
  PAYLOAD_TOO_LARGE: 413,
  BUSINESS_RULE: 422,
  INSUFFICIENT_CREDITS: 422,
  PAYMENT_FAILED: 402,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** A typed domain error. Services throw these; the HTTP layer turns them into responses. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
  get status(): number {
    return statusOf[this.code];
  }
}

export const notFound = (message: string = apiEs.notFound) => new AppError('NOT_FOUND', message);
export const forbidden = (message: string = apiEs.forbidden) => new AppError('FORBIDDEN', message);
export const unauthorized = () => new AppError('UNAUTHORIZED', apiEs.unauthorized);
export const tooManyRequests = () => new AppError('TOO_MANY_REQUESTS', apiEs.tooManyRequests);
