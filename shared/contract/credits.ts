import * as z from 'zod/mini';
import { apiEs } from '../messages/api.es.js';
import { CREDIT_SERVICE_USES } from '../rules/availability.js';
import { TRANSACTION_TYPES } from '../rules/credits.js';

/**
 * Credits API shapes (credits-signing-admin §3). Amounts of money are integers in minor units
 * of `currency_code`; credits are whole numbers. No request carries an amount or a price: the
 * server takes them from the catalogue.
 */

export const transactionTypeSchema = z.enum(TRANSACTION_TYPES);

/**
 * A client-chosen key that makes a spending command safe to retry (same key → same result,
 * charged once). UUIDs or similar: 8–64 URL-safe characters.
 */
export const idempotencyKeyField = z
  .string({ error: apiEs.idempotencyKey })
  .check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, { error: apiEs.idempotencyKey }));

export const creditTransactionSchema = z.object({
  id: z.string(),
  type: transactionTypeSchema,
  amount: z.int(),
  balance_after_transaction: z.int(),
  description: z.string(),
  currency_amount: z.nullable(z.int()),
  currency_code: z.nullable(z.string()),
  expires_at: z.nullable(z.string()),
  related_entity_type: z.nullable(z.string()),
  related_entity_id: z.nullable(z.string()),
  payment_intent_id: z.nullable(z.string()),
  created_at: z.string(),
});
export type CreditTransaction = z.infer<typeof creditTransactionSchema>;

export const walletResponse = z.object({
  balance: z.int(),
  total_earned: z.int(),
  total_used: z.int(),
  expiring_soon: z.int(),
  /** Credits owed after a reversed card payment: spending is paused while above 0. */
  debt: z.int(),
});
export type Wallet = z.infer<typeof walletResponse>;

export const listTransactionsQuery = z.object({
  type: z.optional(transactionTypeSchema),
  limit: z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(100))), 20),
  cursor: z.optional(z.string().check(z.maxLength(512))),
});

export const listTransactionsResponse = z.object({
  transactions: z.array(creditTransactionSchema),
  next_cursor: z.nullable(z.string()),
});

export const packagesQuery = z.object({
  country: z.string().check(z.trim(), z.minLength(1), z.maxLength(16)),
});

export const creditPackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  credits_amount: z.int(),
  price: z.int(),
  currency_code: z.string(),
});
export type CreditPackage = z.infer<typeof creditPackageSchema>;

export const listPackagesResponse = z.object({ packages: z.array(creditPackageSchema) });

export const serviceNameSchema = z.enum([
  'ai_document_analysis',
  'ai_chat_message',
  'document_signature',
  'notarial_service',
  'template_access',
]);
export type ServiceName = z.infer<typeof serviceNameSchema>;

export const consumptionRuleSchema = z.object({
  id: z.string(),
  service_name: serviceNameSchema,
  service_type: z.string(),
  credits_per_unit: z.int(),
  description: z.string(),
  /** Delivered (issue 21); false: 'Próximamente', and using it is refused. */
  available: z.boolean(),
});
export type ConsumptionRule = z.infer<typeof consumptionRuleSchema>;

/**
 * A credit service as the credit services screen shows it: its rule, what consumes it (`use`,
 * shared/rules/availability.ts) and, for the services sold through the wizard, the wizard's own
 * lowest price in credits in the country (`price_from`: "desde N créditos").
 */
export const creditServiceSchema = z.extend(consumptionRuleSchema, {
  use: z.enum(CREDIT_SERVICE_USES),
  price_from: z.boolean(),
});
export type CreditService = z.infer<typeof creditServiceSchema>;

export const listServicesQuery = z.object({
  /** The country whose wizard prices the signature and notarial services (default Chile). */
  country: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(16))),
});

export const listServicesResponse = z.object({ services: z.array(creditServiceSchema) });

export const useServiceRequest = z.strictObject({
  service_name: serviceNameSchema,
  quantity: z._default(z.int().check(z.minimum(1), z.maximum(1000)), 1),
  idempotency_key: idempotencyKeyField,
});

export const ledgerChangeResponse = z.object({
  transaction: creditTransactionSchema,
  balance: z.int(),
});

/** Subscription plans (§3), listed read-only until the subscription-plans issue. */
export const plansQuery = z.object({
  country: z.string().check(z.trim(), z.minLength(1), z.maxLength(16)),
});

export const subscriptionPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.int(),
  currency_code: z.string(),
  interval: z.enum(['month', 'year']),
  interval_count: z.int(),
  credits_per_month: z.int(),
  features: z.array(z.string()),
  sort_order: z.int(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

export const listPlansResponse = z.object({ plans: z.array(subscriptionPlanSchema) });
