import * as routes from '../../shared/contract/routes/payments.js';
import { creditsEs } from '../../shared/messages/credits.es.js';
import { fmt } from '../../shared/messages/fmt.js';
import { toStripeAmount } from '../../shared/rules/currency.js';
import { findPackageForCountry } from '../catalog/repo.js';
import { mustBeCaller } from '../platform/auth-context.js';
import { notFound } from '../platform/errors.js';
import { httpRoute } from '../platform/http.js';
import { purchaseMetadata } from './purchase.js';
import { publishableKey, stripe } from './stripe-client.js';

/**
 * Starts a card payment for a credit package. The request names a package and a country only;
 * the amount and currency are the catalogue's price there (the client never sends an amount).
 */
export const handler = httpRoute(routes.createPackagePaymentIntent, async ({ caller, body }) => {
  const { sub } = mustBeCaller(caller);
  const countryId = body.countryId.toLowerCase();
  const pkg = await findPackageForCountry(body.packageId, countryId);
  if (!pkg) throw notFound(creditsEs.packageUnavailable);
  const client = await stripe();
  const pi = await client.paymentIntents.create({
    amount: toStripeAmount(pkg.price, pkg.currency_code),
    currency: pkg.currency_code.toLowerCase(),
    automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    description: fmt(creditsEs.purchaseDescription, { name: pkg.name }),
    metadata: purchaseMetadata(sub, pkg, countryId),
  });
  if (!pi.client_secret) throw new Error(`payment intent ${pi.id} has no client secret`);
  return {
    client_secret: pi.client_secret,
    payment_intent_id: pi.id,
    package: pkg,
    publishable_key: publishableKey(),
  };
});
