import { ApiError } from '../../lib/api';

/** The Spanish message the API answered with (or the client's network message), if any. */
export function apiErrorDetail(err: unknown): string | undefined {
  return err instanceof ApiError && err.message ? err.message : undefined;
}
