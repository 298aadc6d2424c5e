import { es } from '../../../../shared/messages.es';
import { ApiError } from '../../lib/api';

/**
 * Turning API failures into the texts of spec §8. The server's messages are already Spanish;
 * these functions only add the prefixes the spec asks for and pick a fallback when the failure
 * was not an answer from the API (network down, a bug).
 */

/**
 * An answer from the API with a message worth showing: a 4xx, or a 503 `UNAVAILABLE` (a
 * dependency down or the request out of time), whose Spanish message says to retry. Not a
 * network failure, not another 5xx.
 */
function isServiceAnswer(err: unknown): err is ApiError {
  if (!(err instanceof ApiError)) return false;
  if (err.status === 503 && err.code === 'UNAVAILABLE') return true;
  return err.status >= 400 && err.status < 500;
}

export function registerErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code === 'ALREADY_REGISTERED' || /already registered/i.test(err.message)) {
      return es.auth.alreadyRegistered;
    }
    return err.message || es.auth.unexpected;
  }
  return es.auth.unexpected;
}

/** Password recovery request and other simple forms: the service message, else unexpected. */
export function serviceErrorMessage(err: unknown): string {
  return err instanceof ApiError && err.message ? err.message : es.auth.unexpected;
}

export function confirmErrorMessage(err: unknown): { message: string; invalidLink: boolean } {
  if (isServiceAnswer(err)) {
    return {
      message: es.auth.confirmError + err.message,
      invalidLink: err.code === 'INVALID_LINK',
    };
  }
  return { message: es.auth.confirmUnexpected, invalidLink: false };
}

export function resetCheckErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.code === 'INVALID_LINK') return es.auth.resetInvalidLink;
  if (err instanceof ApiError) return es.auth.resetValidateError + err.message;
  return es.auth.resetValidateError + es.auth.unexpected;
}

export function resetUpdateErrorMessage(err: unknown): string {
  if (err instanceof ApiError) return es.auth.resetUpdateError + err.message;
  return es.auth.resetUpdateError + es.auth.unexpected;
}
