import { creditsEs } from '../../shared/messages/credits.es.js';
import { type Clock, systemClock } from '../platform/clock.js';
import { AppError } from '../platform/errors.js';
import { hitLimit } from '../platform/limits.js';

/**
 * Counts one new Stripe payment intent of a user (packages and orders alike) against
 * LIMITS.paymentIntentsPerUser: card testing creates intents by the dozen, a real customer
 * never comes near. Over the limit: 429 with its own Spanish message.
 */
export async function countPaymentIntent(sub: string, clock: Clock = systemClock): Promise<void> {
  try {
    await hitLimit('paymentIntentsPerUser', sub, clock);
  } catch (err) {
    if (err instanceof AppError && err.code === 'TOO_MANY_REQUESTS') {
      throw new AppError('TOO_MANY_REQUESTS', creditsEs.tooManyPaymentIntents);
    }
    throw err;
  }
}
