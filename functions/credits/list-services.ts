import type { CreditService } from '../../shared/contract/credits.js';
import * as routes from '../../shared/contract/routes/credits.js';
import {
  creditServiceUse,
  HOME_COUNTRY_ID,
  type SellableService,
  WIZARD_CATEGORY,
  wizardCreditsFrom,
} from '../../shared/rules/availability.js';
import { parseRate, type Rate } from '../../shared/rules/credits.js';
import { findCurrency, listActiveRules } from '../catalog/repo.js';
import { listServicesForCountry } from '../catalog/services-repo.js';
import { getCountry } from '../countries/repo.js';
import { httpRoute } from '../platform/http.js';

/**
 * The wizard's services of a country and the rate its currency converts at, or undefined when
 * the country sells nothing payable in credits (inactive, or no rate).
 */
async function wizardCatalogue(
  countryId: string,
): Promise<{ services: SellableService[]; rate: Rate } | undefined> {
  const country = await getCountry(countryId);
  if (!country?.is_active) return undefined;
  const [services, currency] = await Promise.all([
    listServicesForCountry(countryId),
    findCurrency(country.currency_code),
  ]);
  const rate = currency ? parseRate(currency.credits_per_unit) : undefined;
  if (!rate || rate.num <= 0n) return undefined;
  return { services: services.filter((s) => s.currency_code === country.currency_code), rate };
}

/**
 * The credit services screen's list (and the wizard's analysis price): each active rule with
 * what consumes it. A service sold through the wizard costs what the wizard charges for it,
 * converted as checkout converts it, so both screens show one price (docs/credits-economy.md);
 * it is available while the wizard has something of its kind available.
 */
export const handler = httpRoute(routes.listCreditServices, async ({ q }) => {
  const countryId = (q.country ?? HOME_COUNTRY_ID).toLowerCase();
  const [rules, wizard] = await Promise.all([listActiveRules(), wizardCatalogue(countryId)]);
  const services: CreditService[] = rules.map((rule) => {
    const use = creditServiceUse(rule.service_name);
    const category = WIZARD_CATEGORY[rule.service_name];
    if (use !== 'wizard' || !category) return { ...rule, use, price_from: false };
    const credits = wizard ? wizardCreditsFrom(wizard.services, category, wizard.rate) : undefined;
    return {
      ...rule,
      use,
      credits_per_unit: credits ?? 0,
      available: rule.available && credits !== undefined,
      price_from: true,
    };
  });
  return { services };
});
