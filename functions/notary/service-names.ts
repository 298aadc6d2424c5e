import { HOME_COUNTRY_ID } from '../../shared/rules/availability.js';
import { CHILE_REGIONS } from '../../shared/rules/regions.js';
import { NO_NOTARY_CODE } from '../../shared/rules/signature-types.js';
import { listServicesForCountry } from '../catalog/services-repo.js';

/** The catalogue's notarial services a notary may offer (the free 'no notary' choice is not one). */
export async function notarialServices(): Promise<{ code: string; name: string }[]> {
  const services = await listServicesForCountry(HOME_COUNTRY_ID);
  return services
    .filter((s) => s.category === 'notarial_service' && s.code !== NO_NOTARY_CODE)
    .map((s) => ({ code: s.code, name: s.name }));
}

export const regionOptions = () => CHILE_REGIONS.map(({ code, name }) => ({ code, name }));
