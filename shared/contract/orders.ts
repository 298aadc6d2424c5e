import * as z from 'zod/mini';
import { apiEs } from '../messages/api.es.js';
import { fmt } from '../messages/fmt.js';
import { ordersEs } from '../messages/orders.es.js';
import { phoneNumberError } from '../rules/phone-number.js';
import { SIGNATURE_TYPES } from '../rules/signature-types.js';
import { idempotencyKeyField } from './credits.js';
import { notarizedActSchema, notaryRejectionSchema } from './notarized.js';
import { selectedServiceSchema } from './requests.js';

/**
 * Checkout and orders (customer-flows §2.7-§2.9, §3 Order, §4.3, §4.4, §5, §9). The client
 * names a request and fills the form; the total always comes from the catalogue on the server.
 * An order exists only once it is paid: by a card payment that really succeeded, or by one
 * credits transaction (debit, order, items, request link).
 */
const required = (max: number) =>
  z
    .string({ error: apiEs.required })
    .check(
      z.trim(),
      z.minLength(1, { error: apiEs.required }),
      z.maxLength(max, { error: apiEs.tooLong }),
    );

/** A phone field of the form, checked with the wizard's rule by dial code (issue 21). */
const phoneField = required(32).check(
  z.superRefine((value, ctx) => {
    const message = phoneNumberError(value, ordersEs.phoneInvalid, fmt);
    if (message) ctx.addIssue({ code: 'custom', message });
  }),
);

/**
 * The checkout form: every field required except company (§5). The phones follow the profile's
 * rule: the form is saved to the profile, which must never take "abc" by this way either.
 */
export const checkoutFormSchema = z.strictObject({
  title: required(200),
  first_name: required(100),
  last_name: required(100),
  email: required(254).check(
    z.refine((v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), {
      error: ordersEs.emailInvalid,
    }),
  ),
  phone: phoneField,
  company: z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(200, { error: apiEs.tooLong }))),
    z.transform((v) => v || null),
  ),
  address: required(300),
  city: required(100),
  whatsapp: phoneField,
  billing_country_id: required(16),
  region_province: required(100),
});
export type CheckoutForm = z.output<typeof checkoutFormSchema>;

export const cardIntentRequest = z.strictObject({
  request_id: z
    .string({ error: ordersEs.requestIdMissing })
    .check(z.trim(), z.minLength(1), z.maxLength(64)),
  form: checkoutFormSchema,
});

export const cardIntentResponse = z.object({
  client_secret: z.string(),
  payment_intent_id: z.string(),
  publishable_key: z.string(),
  amount: z.int(),
  currency_code: z.string().check(z.length(3)),
});

/** Where a card payment for an order stands; the order exists once `order_id` is set. */
export const orderPaymentStatusResponse = z.object({
  payment_intent_id: z.string(),
  status: z.enum([
    'processing',
    'requires_payment_method',
    'requires_action',
    'succeeded',
    'canceled',
  ]),
  order_id: z.nullable(z.string()),
  order_number: z.nullable(z.string()),
});

export const creditsPaymentRequest = z.strictObject({
  request_id: z
    .string({ error: ordersEs.requestIdMissing })
    .check(z.trim(), z.minLength(1), z.maxLength(64)),
  form: checkoutFormSchema,
  idempotency_key: idempotencyKeyField,
});

export const orderStatusSchema = z.enum(['pending', 'processing', 'completed', 'cancelled']);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const signerStatusSchema = z.string();

export const orderSignerSchema = z.object({
  id: z.string(),
  signer_index: z.int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  phone_country_code: z.string(),
  id_number: z.string(),
  /** How this signer signs (issue 23: their own type, else the order's). */
  signature_type: z.enum(SIGNATURE_TYPES),
  /** pending, signed, rejected (labels in the web); anything else shows 'Desconocido'. */
  estado_firma: signerStatusSchema,
  /** A signing link has been issued (resend needs one). */
  has_token: z.boolean(),
  token_expires_at: z.nullable(z.string()),
  link_sent_at: z.nullable(z.string()),
  /** 'Firmar en orden': this signer's link goes out once the ones before have signed. */
  turn_waiting: z.boolean(),
  signed_at: z.nullable(z.string()),
  /** The last reminder mailed to this signer (days 3, 7 and 12 of the link). */
  last_reminder_at: z.nullable(z.string()),
  updated_at: z.string(),
});
export type OrderSigner = z.infer<typeof orderSignerSchema>;

export const orderItemSchema = z.extend(
  z.pick(selectedServiceSchema, {
    service_id: true,
    name: true,
    category: true,
    description: true,
    quantity: true,
  }),
  {
    id: z.string(),
    unit_price_at_purchase: z.int(),
    item_total: z.int(),
  },
);

export const paymentMixSchema = z.enum(['full_credits', 'mixed', 'full_currency']);

/** What cancelling an order would give back now (issue 21). */
export const orderCancellationSchema = z.object({
  refund: z.enum(['full', 'none']),
  unavailable: z.boolean(),
});

/** An order as listed (no signers or items). */
export const orderSummarySchema = z.object({
  id: z.string(),
  order_number: z.string(),
  title: z.string(),
  status: orderStatusSchema,
  total_price: z.int(),
  currency_code: z.string().check(z.length(3)),
  country_id: z.string(),
  document_name: z.string(),
  request_id: z.string(),
  request_number: z.string(),
  signers_count: z.int(),
  payment_method_mix: paymentMixSchema,
  payment_method_label: z.string(),
  credits_used: z.int(),
  created_at: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderSchema = z.extend(orderSummarySchema, {
  delivery_options: z.boolean(),
  credits_discount_amount: z.int(),
  product_label: z.string(),
  subtotal: z.int(),
  tax: z.int(),
  discounts: z.int(),
  coupons: z.array(z.string()),
  /** SHA-256 (hex) of the order's document as checked at upload; null for older orders. */
  document_sha256: z.nullable(z.string()),
  original_file_url: z.nullable(z.string()),
  signed_file_url: z.nullable(z.string()),
  notarized_file_url: z.nullable(z.string()),
  /**
   * The PDF an accredited provider signed (advanced signature, issue 23), unchanged; the sealed
   * evidence PDF (`signed_file_url`) carries it too. Absent or null for other orders.
   */
  fea_signed_file_url: z.optional(z.nullable(z.string())),
  /**
   * Where its notarial service stands once sealed (unassigned, assigned, taken, in_review,
   * approved, …); null without one or before the seal. The order modal shows the notary's chat.
   */
  notarial_stage: z.nullable(z.string()),
  /** Once notarized: the act's data and what the file's signatures checked (notarized.ts). */
  notarized_act: z.nullable(notarizedActSchema),
  /** Once a notary rejected its notarial service: why, and what came back. */
  notary_rejection: z.nullable(notaryRejectionSchema),
  /** Once sealed: SHA-256 of the sealed PDF and the code of its public page /verificar/{code}. */
  signed_sha256: z.nullable(z.string()),
  verification_code: z.nullable(z.string()),
  items: z.array(orderItemSchema),
  signers: z.array(orderSignerSchema),
  /**
   * Whether the customer may cancel it now and what would come back (docs/credits-economy.md
   * "Cancelar un pedido"): 'full' while no one has signed or when it includes a service not
   * delivered yet (`unavailable`), else 'none'. Null once completed or cancelled.
   */
  cancellation: z.nullable(orderCancellationSchema),
});
export type Order = z.infer<typeof orderSchema>;
export type OrderCancellation = z.infer<typeof orderCancellationSchema>;

export const orderResponse = z.object({ order: orderSchema });

/** The cancelled order and whether this cancellation gave back what was paid. */
export const cancelOrderResponse = z.object({ order: orderSchema, refunded: z.boolean() });

export const ORDER_PERIODS = ['7d', '30d', '90d', 'year'] as const;
export const ORDER_PAGE_SIZES = [5, 10, 25, 50, 100] as const;

export const listOrdersQuery = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  period: z.optional(z.enum(ORDER_PERIODS)),
  page: z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(100_000))), 1),
  page_size: z._default(
    z.pipe(
      z.coerce.number(),
      z.int().check(
        z.refine((n) => (ORDER_PAGE_SIZES as readonly number[]).includes(n), {
          error: apiEs.validation,
        }),
      ),
    ),
    10,
  ),
});

/** Stat cards over all of the user's orders (not the filtered ones). */
export const orderStatsSchema = z.object({
  total_orders: z.int(),
  processing: z.int(),
  completed: z.int(),
  pending_requests: z.int(),
});

/** The history (pending orders hidden, newest first), filtered and paged on the server. */
export const listOrdersResponse = z.object({
  orders: z.array(orderSummarySchema),
  total: z.int(),
  page: z.int(),
  page_size: z.int(),
  stats: orderStatsSchema,
});

/** Title edit: saved trimmed; an empty title is refused (the screen ignores it before). */
export const updateOrderTitleRequest = z.strictObject({
  title: z
    .string({ error: ordersEs.titleError })
    .check(
      z.trim(),
      z.minLength(1, { error: ordersEs.titleError }),
      z.maxLength(200, { error: apiEs.tooLong }),
    ),
});

export const resendLinkResponse = z.object({
  /** 'enrolment_required' when an enrolment link was sent instead of a signing link. */
  current_step: z.enum(['signing_link_sent', 'enrolment_required']),
  message: z.string(),
});
