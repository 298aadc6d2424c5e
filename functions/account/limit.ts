import { AppError } from '../platform/errors.js';
import { hitLimit, type LimitName } from '../platform/limits.js';

/** Counts one hit of an account limit; past it, the 429 says in Spanish what to do. */
export async function accountLimit(name: LimitName, sub: string, message: string): Promise<void> {
  try {
    await hitLimit(name, sub);
  } catch (err) {
    if (err instanceof AppError && err.code === 'TOO_MANY_REQUESTS') {
      throw new AppError('TOO_MANY_REQUESTS', message);
    }
    throw err;
  }
}
