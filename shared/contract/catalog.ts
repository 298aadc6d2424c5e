import * as z from 'zod/mini';
import { availabilityEs } from '../messages/availability.es.js';
import { WAITLIST_INTEREST_PATTERN } from '../rules/availability.js';
import { PRICING_MODELS, SERVICE_CATEGORIES } from '../rules/services.js';
import { emailField } from './common.js';

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

/**
 * Services of the document_legalization flow on sale in a country, in display order, each with
 * `available`: those not delivered yet are listed to show as 'Próximamente', never to be chosen.
 */
export const listServicesResponse = z.object({
  country_id: z.string(),
  currency_code: z.string().check(z.length(3)),
  notarial_services: z.array(countryServiceSchema),
  signature_types: z.array(countryServiceSchema),
});
export type ServicesCatalog = z.infer<typeof listServicesResponse>;

/**
 * 'Avísame' (issue 21): a visitor's or customer's address, recorded as a CRM contact waiting for
 * one catalogue item that is not available yet ("service:fea", "credit_service:…", "feature:…").
 */
export const joinWaitlistRequest = z.strictObject({
  email: emailField,
  interest: z
    .string({ error: availabilityEs.interestInvalid })
    .check(z.regex(WAITLIST_INTEREST_PATTERN, { error: availabilityEs.interestInvalid })),
});
