import * as z from 'zod/mini';

/**
 * Configuration from the environment, checked once with zod. Every value is optional here and
 * required where it is used (`required('TABLE_NAME')`), so a function only needs what it uses.
 * Secrets are not read here but through secret-values.ts (Secrets Manager in AWS).
 */
const envSchema = z.object({
  TABLE_NAME: z.optional(z.string().check(z.minLength(3))),
  BUCKET_NAME: z.optional(z.string().check(z.minLength(3))),
  MAIL_FROM: z.optional(z.string()),
  USER_POOL_ID: z.optional(z.string()),
  USER_POOL_CLIENT_ID: z.optional(z.string()),
  /** The app client an API caller's access token must be issued to (platform/rest-event.ts). */
  API_TOKEN_CLIENT_ID: z.optional(z.string().check(z.minLength(1))),
  APP_URL: z.optional(z.url()),
  STRIPE_PUBLISHABLE_KEY: z.optional(z.string().check(z.minLength(8))),
  /** Where the stripe SDK connects; unset = Stripe's own API (the local stack sets them). */
  STRIPE_API_HOST: z.optional(z.string().check(z.minLength(1))),
  STRIPE_API_PORT: z.optional(
    z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(65_535))),
  ),
  STRIPE_API_PROTOCOL: z.optional(z.enum(['http', 'https'])),
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
