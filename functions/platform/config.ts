import * as z from 'zod';

/**
 * Configuration from the environment, checked once with zod. Every value is optional here and
 * required where it is used (`required('TABLE_NAME')`), so a function only needs what it uses.
 */
const envSchema = z.object({
  TABLE_NAME: z.string().min(3).optional(),
  BUCKET_NAME: z.string().min(3).optional(),
  MAIL_FROM: z.string().optional(),
  USER_POOL_ID: z.string().optional(),
  USER_POOL_CLIENT_ID: z.string().optional(),
  APP_URL: z.url().optional(),
  MAINTENANCE_ACCESS_CODE: z.string().min(4).optional(),
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(8).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** Where the stripe SDK connects; unset = Stripe's own API (the local stack sets them). */
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /**
   * The AI-analysis webhook (customer-flows §7.5). The stack passes '' when none is configured,
   * which means the built-in analyzer, like an unset variable.
   */
  AI_ANALYSIS_WEBHOOK_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
});
export type Env = z.infer<typeof envSchema>;
type Key = keyof Env;

let cached: Env | undefined;

export function env(): Env {
  cached ??= envSchema.parse(process.env);
  return cached;
}

export function required<K extends Key>(key: K): NonNullable<Env[K]> {
  const value = env()[key];
  if (value === undefined || value === null || value === '') {
    throw new Error(`Missing configuration ${key}`);
  }
  return value as NonNullable<Env[K]>;
}

/** Tests and the local gateway change the environment between stacks. */
export function resetConfigCache(): void {
  cached = undefined;
}
