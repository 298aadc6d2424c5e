import * as z from 'zod/mini';
import { documentsEs } from '../messages/documents.es.js';
import { fmt } from '../messages/fmt.js';
import { ordersEs } from '../messages/orders.es.js';
import { DEFAULT_DIAL_CODE } from '../rules/phone.js';
import { MAX_SIGNERS, type SignerFields, signerErrors } from '../rules/signers.js';
import { pricingModelSchema, serviceCategorySchema } from './catalog.js';
import { documentKindSchema } from './documents.js';

/**
 * Signing requests: the wizard's saved state and the cart's items (customer-flows §3 Request,
 * request_signers; §4.1, §4.2). A request is 'pending' (a cart item) until it is paid; then it
 * carries the order number. Prices are never sent by the client: `quote` is computed by the
 * server from the catalogue each time a request is read.
 */
const m = ordersEs;

export const signerMessages = {
  required: m.signerRequired,
  emailInvalid: m.emailInvalid,
  rutInvalid: m.rutInvalid,
  phoneInvalid: m.phoneInvalid,
  tooLong: m.tooLong,
};

/** A person's signer fields (strings trimmed): a saved signer, and the base of a request's. */
const signerFieldsSchema = z.strictObject({
  first_name: z
    .string({ error: m.signerRequired })
    .check(z.trim(), z.maxLength(100, { error: m.tooLong })),
  last_name: z
    .string({ error: m.signerRequired })
    .check(z.trim(), z.maxLength(100, { error: m.tooLong })),
  id_number: z
    .string({ error: m.signerRequired })
    .check(z.trim(), z.maxLength(32, { error: m.tooLong })),
  email: z.pipe(
    z.string({ error: m.signerRequired }).check(z.trim(), z.maxLength(254, { error: m.tooLong })),
    z.transform((v) => v.toLowerCase()),
  ),
  phone: z
    .string({ error: m.signerRequired })
    .check(z.trim(), z.maxLength(32, { error: m.tooLong })),
  phone_country_code: z._default(
    z.string().check(z.trim(), z.maxLength(5, { error: m.tooLong })),
    DEFAULT_DIAL_CODE,
  ),
});

/**
 * One signer of a request as entered, validated against their signature type: their own
 * `signature_service_id` (issue 23: a signature service of the request's country, checked by
 * the server like the request's) or, absent or null, the request's.
 */
export const signerInputSchema = z.extend(signerFieldsSchema, {
  signature_service_id: z.optional(
    z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
  ),
});
export type SignerInput = z.output<typeof signerInputSchema>;

/**
 * Checks every signer with the §5 rules for a signature type; issues name the field as
 * `signers.{i}.{field}`. Used by the server on every save and again before payment.
 */
export function addSignerIssues(
  signers: readonly SignerFields[],
  signatureCode: string | null | undefined,
  ctx: z.core.$RefinementCtx,
): void {
  if (signers.length > MAX_SIGNERS) {
    ctx.addIssue({ code: 'custom', message: m.maxSigners, path: ['signers'] });
    return;
  }
  signers.forEach((s, i) => {
    const errors = signerErrors(s, signatureCode, signerMessages, fmt);
    for (const [field, message] of Object.entries(errors)) {
      ctx.addIssue({ code: 'custom', message, path: ['signers', i, field] });
    }
  });
}

export const signerSchema = z.extend(signerInputSchema, { signer_index: z.int() });
export type RequestSigner = z.infer<typeof signerSchema>;

export const selectedServiceSchema = z.object({
  service_id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  category: serviceCategorySchema,
  pricing_model: pricingModelSchema,
  unit_price: z.int(),
  quantity: z.int(),
  item_total: z.int(),
});
export type SelectedService = z.infer<typeof selectedServiceSchema>;

/** The price of a request now, from the catalogue. */
export const quoteSchema = z.object({
  items: z.array(selectedServiceSchema),
  total: z.int(),
  currency_code: z.string().check(z.length(3)),
  /** Credits to pay the total with credits (2% off, rounded up); 0 without a rate. */
  credits_needed: z.int(),
  /** Money value of the 2% credit discount. */
  credits_discount_amount: z.int(),
  /**
   * The currency's rate (credits per major unit, exact decimal text: "0.01" for CLP) that
   * credits_needed came from, so checkout shows the conversion with the same rule
   * (shared/rules/pricing.ts creditsConversion); null when the currency has none.
   */
  credits_per_unit: z.nullable(z.string()),
});
export type Quote = z.infer<typeof quoteSchema>;

export const requestStatusSchema = z.enum(['pending', 'paid']);

export const requestSchema = z.object({
  id: z.string(),
  request_number: z.string(),
  status: requestStatusSchema,
  country_id: z.string(),
  currency_code: z.string().check(z.length(3)),
  document_id: z.nullable(z.string()),
  document_name: z.nullable(z.string()),
  document_size: z.nullable(z.int()),
  document_kind: z.nullable(documentKindSchema),
  title: z.nullable(z.string()),
  notarial_service_id: z.nullable(z.string()),
  signature_service_id: z.nullable(z.string()),
  signers: z.array(signerSchema),
  signers_count: z.int(),
  sign_count: z.int(),
  signature_overall_status: z.string(),
  /** true: automatic delivery to the signers; false: only to the requester; null: not chosen. */
  delivery_options: z.nullable(z.boolean()),
  /** 'Firmar en orden': each signer gets a link only once the one before has signed. */
  sign_in_order: z.boolean(),
  associated_order_number: z.nullable(z.string()),
  order_id: z.nullable(z.string()),
  quote: quoteSchema,
  created_at: z.string(),
  updated_at: z.string(),
  /** +1 on every save; send it back with the next save to detect another tab's change. */
  version: z.int(),
});
export type SigningRequest = z.infer<typeof requestSchema>;

export const requestResponse = z.object({ request: requestSchema });

/** Leaving step 1 creates the request (login and a country required, §5). */
export const createRequestRequest = z.strictObject({
  country_id: z
    .string({ error: m.countryRequired })
    .check(z.trim(), z.minLength(1, { error: m.countryRequired }), z.maxLength(16)),
  document_id: z
    .string({ error: documentsEs.noDocument })
    .check(z.trim(), z.minLength(1), z.maxLength(64)),
});

/**
 * Saves wizard progress. Absent fields stay as they are; a changed country clears the services
 * (§4.1); the notary-authorized option forces 'FES + Clave Única'; signers are renumbered from 1
 * and checked with the §5 rules against the resulting signature type.
 */
export const updateRequestRequest = z.strictObject({
  country_id: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(16))),
  document_id: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
  notarial_service_id: z.optional(
    z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
  ),
  signature_service_id: z.optional(
    z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
  ),
  signers: z.optional(z.array(signerInputSchema).check(z.maxLength(50))),
  delivery_options: z.optional(z.nullable(z.boolean())),
  sign_in_order: z.optional(z.boolean()),
  title: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(200, { error: m.tooLong })))),
  /**
   * The version this save was made from (from the last answer). When given and the request has
   * changed since (another tab saved), the save is refused with 409 and the client reloads.
   */
  version: z.optional(z.int().check(z.positive())),
});

/** A cart line: pending requests, newest first, with their currency. */
export const requestSummarySchema = z.pick(requestSchema, {
  id: true,
  request_number: true,
  status: true,
  country_id: true,
  currency_code: true,
  document_name: true,
  title: true,
  signers_count: true,
  quote: true,
  created_at: true,
  updated_at: true,
});
export const listRequestsResponse = z.object({ requests: z.array(requestSummarySchema) });

// Saved signers (customer-flows §3 saved_signers; gated by the saved_signers_access feature)
export const savedSignerSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  id_number: z.string(),
  email: z.string(),
  phone: z.string(),
  phone_country_code: z.string(),
  created_at: z.string(),
});
export type SavedSigner = z.infer<typeof savedSignerSchema>;

export const saveSignerRequest = signerFieldsSchema.check(
  z.superRefine((s, ctx) => {
    // No signature type yet: every rule but the RUT one (which depends on the type).
    const errors = signerErrors(s, null, signerMessages, fmt);
    for (const [field, message] of Object.entries(errors)) {
      ctx.addIssue({ code: 'custom', message, path: [field] });
    }
  }),
);
export type SavedSignerInput = z.output<typeof saveSignerRequest>;
export const savedSignerResponse = z.object({ signer: savedSignerSchema });
export const listSavedSignersResponse = z.object({
  has_access: z.boolean(),
  signers: z.array(savedSignerSchema),
});
