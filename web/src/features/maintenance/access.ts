import { es } from '../../../../shared/messages.es';
import { ApiError } from '../../lib/api';

/** The access-code check always takes at least this long (spec §9). */
export const ACCESS_CHECK_MIN_MS = 1000;

/** The official live platform the gate points to. */
export const OFFICIAL_PLATFORM_URL = 'https://www.sello.cl';

/** Resolves or rejects like `work`, but never sooner than `ms` after the call. */
export async function withMinimumDuration<T>(
  work: Promise<T>,
  ms: number,
  sleep: (ms: number) => Promise<void> = (t) => new Promise((r) => setTimeout(r, t)),
): Promise<T> {
  const [result] = await Promise.allSettled([work, sleep(ms)]);
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

export type AccessCodeFailure = { message: string; clearField: boolean };

/** A wrong code clears the field (spec §5); throttling and other failures keep it. */
export function accessCodeFailure(err: unknown): AccessCodeFailure {
  if (err instanceof ApiError) {
    if (err.status === 403 || err.code === 'FORBIDDEN') {
      return { message: es.maintenance.wrongCode, clearField: true };
    }
    if (err.status === 429 || err.code === 'TOO_MANY_REQUESTS') {
      return { message: es.api.tooManyRequests, clearField: false };
    }
    if (err.status === 400) {
      return { message: err.fields.code ?? err.message, clearField: false };
    }
    if (err.status === 0) return { message: es.api.network, clearField: false };
  }
  return { message: es.api.internal, clearField: false };
}
