import { es } from '../../../../shared/messages.es';
import { ApiError } from '../../lib/api';

/**
 * Query keys of the wizard. The credit services and feature keys are the ones the credit
 * screens use for the same calls (same data), so both share one cache entry.
 */
export const wizardKeys = {
  request: (id: string) => ['wizard', 'request', id] as const,
  document: (id: string) => ['wizard', 'document', id] as const,
  analysis: (documentId: string) => ['wizard', 'analysis', documentId] as const,
  catalog: (countryId: string) => ['catalogServices', countryId] as const,
  savedSigners: ['savedSigners'] as const,
  featurePlans: ['featurePlans'] as const,
  featureSubscriptions: ['featureSubscriptions'] as const,
  creditServices: ['creditServices'] as const,
};

/** A 404/403 means "not yours or gone": asking again will not change it. */
export const isGone = (err: unknown) =>
  err instanceof ApiError && (err.status === 404 || err.status === 403);

/** Retry transient failures twice, never a definitive answer. */
export const retryTransient = (count: number, err: unknown) =>
  count < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500);

/** The message of a failed save: the server's own Spanish text, else `fallback`. */
export function saveMessage(err: unknown, fallback: string = es.orders.saveError): string {
  if (err instanceof ApiError) {
    if (err.status === 401) return es.orders.loginRequired;
    if ([400, 409, 422].includes(err.status) && err.message) return err.message;
  }
  return fallback;
}
