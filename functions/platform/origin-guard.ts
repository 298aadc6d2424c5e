import { ORIGIN_VERIFY_HEADER } from '../../shared/contract/origin.js';
import { apiEs } from '../../shared/messages/api.es.js';
import { AppError } from './errors.js';
import { secret } from './secret-values.js';
import { safeEqual } from './secrets.js';

/**
 * The API is reachable only through CloudFront (where the WAF is): CloudFront adds
 * `ORIGIN_VERIFY_HEADER` with a secret value to every /api/* request, and a request without
 * the right value is refused here with 403 before anything else runs. Disabling the
 * execute-api endpoint instead is not possible: CloudFront's origin is that very endpoint
 * (a custom domain on the API would be the only other way in, and a second thing to guard).
 *
 * The check is on whenever the function is configured with the secret (CDK gives it to every
 * API function, asserted in test/infra/api.test.ts; the local stack sets its own value and its
 * gateway sends it like CloudFront).
 */
export async function assertFromOrigin(headers: Record<string, string | undefined>): Promise<void> {
  const expected = await secret('ORIGIN_VERIFY_SECRET');
  if (expected === undefined) return;
  const sent = headers[ORIGIN_VERIFY_HEADER];
  if (sent === undefined || !safeEqual(sent, expected)) {
    throw new AppError('FORBIDDEN', apiEs.originRefused);
  }
}
