import * as z from 'zod/mini';
import { PRICING_MODELS, SERVICE_CATEGORIES } from '../rules/services.js';

/**
 * The service catalogue of the wizard (customer-flows §3 Service, Country service price).
 * Prices are integers in minor units of the country's currency (whole pesos for CLP).
 */
export const serviceCategorySchema = z.enum(SERVICE_CATEGORIES);
export const pricingModelSchema = z.enum(PRICING_MODELS);

/** A service with its price in one country. */
export const countryServiceSchema = z.object({
  id: z.string(),
  /** Stable code the wizard's rules name (e.g. firma_autorizada, fes_clave_unica). */
  code: z.string(),
  name: z.string(),
  description: z.string(),
  category: serviceCategorySchema,
  is_combinable: z.boolean(),
  is_standalone: z.boolean(),
  flows: z.array(z.string()),
  price: z.int().check(z.nonnegative()),
  currency_code: z.string().check(z.length(3)),
  pricing_model: pricingModelSchema,
  /** Delivered end to end; false: listed as 'Próximamente' and refused by the server. */
  available: z.boolean(),
});
export type CountryService = z.infer<typeof countryServiceSchema>;

export const listServicesQuery = z.object({
  country_id: z.string().check(z.trim(), z.minLength(1), z.maxLength(16)),
});

/** Available services of the document_legalization flow in a country, in display order. */
export const listServicesResponse = z.object({
  country_id: z.string(),
  currency_code: z.string().check(z.length(3)),
  notarial_services: z.array(countryServiceSchema),
  signature_types: z.array(countryServiceSchema),
});
export type ServicesCatalog = z.infer<typeof listServicesResponse>;
