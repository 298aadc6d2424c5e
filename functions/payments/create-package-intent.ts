import * as routes from '../../shared/contract/routes/payments.js';
import { creditsEs } from '../../shared/messages/credits.es.js';
import { fmt } from '../../shared/messages/fmt.js';
import { toStripeAmount } from '../../shared/rules/currency.js';
import { findPackageForCountry } from '../catalog/repo.js';
import { getCountry } from '../countries/repo.js';
import { contextRoute } from '../organizations/acting-as.js';
import { AppError, notFound } from '../platform/errors.js';
import { countPaymentIntent } from './intent-limit.js';
import { purchaseMetadata } from './purchase.js';
import { publishableKey, stripe } from './stripe-client.js';

/**
 * Starts a card payment for a credit package. The request names a package and a country only;
 * the country must be active, and the amount and currency are the package's price row of that
 * very country, in that country's currency (the client never sends an amount). Each new intent
 * counts against the user's hourly limit (card testing). The credits go to the wallet of the
 * call's work context: the buyer's own, or their organisation's.
 */
export const handler = contextRoute(routes.createPackagePaymentIntent, async ({ acting, body }) => {
  const { sub } = acting;
  const countryId = body.countryId.toLowerCase();
  const [country, pkg] = await Promise.all([
    getCountry(countryId),
    findPackageForCountry(body.packageId, countryId),
  ]);
  if (!country) throw notFound(creditsEs.packageUnavailable);
  if (!country.is_active) throw new AppError('BUSINESS_RULE', creditsEs.countryInactive);
  if (!pkg || pkg.currency_code !== country.currency_code) {
    throw notFound(creditsEs.packageUnavailable);
  }
  await countPaymentIntent(sub);
  const client = await stripe();
  const pi = await client.paymentIntents.create({
    amount: toStripeAmount(pkg.price, pkg.currency_code),
    currency: pkg.currency_code.toLowerCase(),
    automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    description: fmt(creditsEs.purchaseDescription, { name: pkg.name }),
    metadata: purchaseMetadata(sub, acting.ownerId, pkg, countryId),
  });
  if (!pi.client_secret) throw new Error(`payment intent ${pi.id} has no client secret`);
  return {
    client_secret: pi.client_secret,
    payment_intent_id: pi.id,
    package: pkg,
    publishable_key: publishableKey(),
  };
});
