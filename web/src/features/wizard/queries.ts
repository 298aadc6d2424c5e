import { es } from '../../../../shared/messages.es';
import { ApiError, apiCall } from '../../lib/api';

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
  creditServices: (countryId: string) => ['creditServices', countryId] as const,
};

/** Retry transient failures twice, never a definitive answer. */
export const retryTransient = (count: number, err: unknown) =>
  count < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500);

/** A country's services and signature types (WizardPage; prefetched at start-up, main.tsx). */
export const catalogQuery = (countryId: string) => ({
  queryKey: wizardKeys.catalog(countryId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiCall('listCountryServices', { query: { country_id: countryId }, signal }),
  staleTime: 5 * 60_000,
  retry: retryTransient,
});

/** What each credit service costs in a country (shared with the credit services screen). */
export { creditServicesQuery } from '../../lib/creditServicesQuery';

/** A 404/403 means "not yours or gone": asking again will not change it. */
export const isGone = (err: unknown) =>
  err instanceof ApiError && (err.status === 404 || err.status === 403);

/** The message of a failed save: the server's own Spanish text, else `fallback`. */
export function saveMessage(err: unknown, fallback: string = es.orders.saveError): string {
  if (err instanceof ApiError) {
    if (err.status === 401) return es.orders.loginRequired;
    if ([400, 409, 422].includes(err.status) && err.message) return err.message;
  }
  return fallback;
}
