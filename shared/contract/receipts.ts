import * as z from 'zod/mini';

/**
 * Receipts (issue 21 item 4): one per payment (a credit package, a card order, a credits
 * order) and per refund (a card refund, credits restored), issued once whatever the retries.
 * Money is an integer in minor units of `currency_code`; credits are whole numbers.
 */
export const RECEIPT_KINDS = [
  'credit_package',
  'card_order',
  'credits_order',
  'card_refund',
  'credits_refund',
] as const;
export const receiptKindSchema = z.enum(RECEIPT_KINDS);
export type ReceiptKind = z.infer<typeof receiptKindSchema>;

export const receiptLineSchema = z.object({
  description: z.string(),
  quantity: z.int(),
  amount: z.int(),
});
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

/** The buyer as their billing data stood when the receipt was issued. */
export const receiptBillingSchema = z.object({
  name: z.string(),
  email: z.string(),
  company: z.nullable(z.string()),
  address: z.nullable(z.string()),
  city: z.nullable(z.string()),
  region: z.nullable(z.string()),
  country_id: z.nullable(z.string()),
});
export type ReceiptBilling = z.infer<typeof receiptBillingSchema>;

export const receiptSchema = z.object({
  id: z.string(),
  /** R-000001: unique, in the order receipts were issued. */
  number: z.string(),
  kind: receiptKindSchema,
  /** What was bought (or given back), in one line. */
  description: z.string(),
  lines: z.array(receiptLineSchema),
  currency_code: z.string().check(z.length(3)),
  /** Price before the 2% credits discount. */
  subtotal: z.int(),
  /** The 2% credits discount (0 by card). */
  discount: z.int(),
  /** What was paid (or given back). */
  total: z.int(),
  payment_method: z.enum(['card', 'credits']),
  /** Credits granted (package), paid (credits order) or given back (credits refund). */
  credits: z.nullable(z.int()),
  /** The payment's reference: the PaymentIntent id or the credit transaction id. */
  reference: z.string(),
  payment_intent_id: z.nullable(z.string()),
  transaction_id: z.nullable(z.string()),
  order_id: z.nullable(z.string()),
  order_number: z.nullable(z.string()),
  billing: receiptBillingSchema,
  issued_at: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptResponse = z.object({ receipt: receiptSchema });

export const listReceiptsQuery = z.object({
  /** Only the receipts of one of the caller's orders (its payment and any refund). */
  order_id: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
  limit: z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(100))), 50),
  cursor: z.optional(z.string().check(z.maxLength(512))),
});

export const receiptSummarySchema = z.pick(receiptSchema, {
  id: true,
  number: true,
  kind: true,
  description: true,
  currency_code: true,
  total: true,
  credits: true,
  payment_intent_id: true,
  transaction_id: true,
  order_id: true,
  issued_at: true,
});
export type ReceiptSummary = z.infer<typeof receiptSummarySchema>;

export const listReceiptsResponse = z.object({
  receipts: z.array(receiptSummarySchema),
  next_cursor: z.nullable(z.string()),
});
