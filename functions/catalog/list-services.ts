import * as routes from '../../shared/contract/routes/catalog.js';
import { documentsEs } from '../../shared/messages/documents.es.js';
import { DOCUMENT_LEGALIZATION_FLOW } from '../../shared/rules/services.js';
import { getCountry } from '../countries/repo.js';
import { notFound } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';
import { listServicesForCountry } from './services-repo.js';

/** The wizard's step 2: what a country offers for document legalization, at its prices. */
export const handler = httpRoute(routes.listCountryServices, async ({ q }) => {
  const countryId = q.country_id.toLowerCase();
  const [country, services] = await Promise.all([
    getCountry(countryId),
    listServicesForCountry(countryId),
  ]);
  if (!country?.is_active) throw notFound(documentsEs.countryUnavailable);
  const offered = services
    // A price in another currency than the country's is a catalogue error: never offer it.
    .filter(
      (s) =>
        s.flows.includes(DOCUMENT_LEGALIZATION_FLOW) && s.currency_code === country.currency_code,
    )
    .map(({ sort_order: _order, ...s }) => s);
  return {
    country_id: country.id,
    currency_code: country.currency_code,
    notarial_services: offered.filter((s) => s.category === 'notarial_service'),
    signature_types: offered.filter((s) => s.category === 'electronic_signature'),
  };
});
