import * as z from 'zod';
import { apiEs } from '../messages/api.es.js';
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
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: apiEs.idempotencyKey });

export const creditTransactionSchema = z.object({
  id: z.string(),
  type: transactionTypeSchema,
  amount: z.number().int(),
  balance_after_transaction: z.number().int(),
  description: z.string(),
  currency_amount: z.number().int().nullable(),
  currency_code: z.string().nullable(),
  expires_at: z.string().nullable(),
  related_entity_type: z.string().nullable(),
  related_entity_id: z.string().nullable(),
  payment_intent_id: z.string().nullable(),
  created_at: z.string(),
});
export type CreditTransaction = z.infer<typeof creditTransactionSchema>;

export const walletResponse = z.object({
  balance: z.number().int(),
  total_earned: z.number().int(),
  total_used: z.number().int(),
  expiring_soon: z.number().int(),
});
export type Wallet = z.infer<typeof walletResponse>;

export const listTransactionsQuery = z.object({
  type: transactionTypeSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(512).optional(),
});

export const listTransactionsResponse = z.object({
  transactions: z.array(creditTransactionSchema),
  next_cursor: z.string().nullable(),
});

export const packagesQuery = z.object({
  country: z.string().trim().min(1).max(16),
});

export const creditPackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  credits_amount: z.number().int(),
  price: z.number().int(),
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
  credits_per_unit: z.number().int(),
  description: z.string(),
});
export type ConsumptionRule = z.infer<typeof consumptionRuleSchema>;

export const listServicesResponse = z.object({ services: z.array(consumptionRuleSchema) });

export const useServiceRequest = z.strictObject({
  service_name: serviceNameSchema,
  quantity: z.number().int().min(1).max(1000).default(1),
  idempotency_key: idempotencyKeyField,
});

export const ledgerChangeResponse = z.object({
  transaction: creditTransactionSchema,
  balance: z.number().int(),
});

/** Subscription plans (§3), listed read-only until the subscription-plans issue. */
export const plansQuery = z.object({
  country: z.string().trim().min(1).max(16),
});

export const subscriptionPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  currency_code: z.string(),
  interval: z.enum(['month', 'year']),
  interval_count: z.number().int(),
  credits_per_month: z.number().int(),
  features: z.array(z.string()),
  sort_order: z.number().int(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

export const listPlansResponse = z.object({ plans: z.array(subscriptionPlanSchema) });
