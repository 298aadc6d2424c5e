import { apiCall } from './api';

/**
 * What each credit service costs in a country, and whether it is available (issue 21): the
 * analysis panel on the wizard's first step and the credit services screen share this one cache
 * entry, so both show one price.
 */
export const creditServicesQuery = (countryId: string) => ({
  queryKey: ['creditServices', countryId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiCall('listCreditServices', { query: { country: countryId }, signal }),
  staleTime: 5 * 60_000,
});
