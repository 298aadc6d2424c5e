import type Stripe from 'stripe';
import * as z from 'zod/mini';
import type { CreditPackage } from '../../shared/contract/credits.js';

/**
 * What a payment intent for a credit package carries in its metadata. Only the server writes
 * metadata (with the secret key), so it is the trusted record of what was bought, by whom, and
 * how many credits it gives; the amount itself is the catalogue price the intent was made with.
 */
const PURPOSE = 'credit_package';

const metadataSchema = z.object({
  purpose: z.literal(PURPOSE),
  owner_id: z.string().check(z.minLength(1)),
  user_sub: z.string().check(z.minLength(1)),
  package_id: z.string().check(z.minLength(1)),
  package_name: z._default(z.string(), ''),
  country_id: z.string().check(z.minLength(1)),
  credits: z.pipe(z.string().check(z.regex(/^[1-9]\d{0,8}$/)), z.transform(Number)),
});
export type PackagePurchase = z.output<typeof metadataSchema>;

/** `ownerId`: the wallet the credits go to, the buyer's own or their organisation's. */
export function purchaseMetadata(
  sub: string,
  ownerId: string,
  pkg: CreditPackage,
  countryId: string,
) {
  return {
    purpose: PURPOSE,
    owner_id: ownerId,
    user_sub: sub,
    package_id: pkg.id,
    package_name: pkg.name.slice(0, 200),
    country_id: countryId,
    credits: String(pkg.credits_amount),
  } satisfies z.input<typeof metadataSchema>;
}

/** The package purchase an intent stands for, or undefined when it is about something else. */
export function purchaseOf(pi: Stripe.PaymentIntent): PackagePurchase | undefined {
  const parsed = metadataSchema.safeParse(pi.metadata ?? {});
  return parsed.success ? parsed.data : undefined;
}
