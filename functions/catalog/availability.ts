import { listServicesForCountry } from './services-repo.js';

/**
 * Codes of the services (signature types and notarial services) of a country's catalogue that
 * are not delivered end to end yet (ServiceItem.available false). Used to refuse selling them
 * and to find paid orders of things that cannot be delivered (order cancellation).
 * Keep this signature stable: other modules depend on it.
 */
export async function unavailableCodes(countryId: string): Promise<Set<string>> {
  const services = await listServicesForCountry(countryId.toLowerCase());
  return new Set(services.filter((s) => !s.available).map((s) => s.code));
}
