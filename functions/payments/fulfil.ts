import type Stripe from 'stripe';
import { creditsEs } from '../../shared/messages/credits.es.js';
import { fmt } from '../../shared/messages/fmt.js';
import { packageCreditsExpiry } from '../../shared/rules/credits.js';
import { fromStripeAmount, toStripeAmount } from '../../shared/rules/currency.js';
import { findPackageForCountry } from '../catalog/repo.js';
import { getCountry } from '../countries/repo.js';
import { grant, listTransactions } from '../credits/ledger.js';
import { type Clock, epochSeconds, systemClock } from '../platform/clock.js';
import { logger } from '../platform/logger.js';
import { type PackagePurchase, purchaseOf } from './purchase.js';
import { decideRefund, settleRefundQuietly } from './refund.js';
import { getPackageMarker, packageMarkerPut, type RefundRecord } from './refund-repo.js';

export interface Fulfilment {
  credited: boolean;
  credits: number | null;
  /** The payment's money goes (or went) back instead: it will never be credited. */
  refunded?: boolean;
  /** Our automatic refund of it, where it stands (none when the card took it back itself). */
  refund?: RefundRecord;
}

/** The payment's marker was written by someone else meanwhile (a refund or a reversal). */
class AlreadyDecided extends Error {}

const MAX_ROUNDS = 4;

/**
 * Is the package still sold, in that active country, at exactly what was charged? A payment
 * for a package that went away (or changed) since the intent cannot become credits: refunded.
 */
async function stillOnSale(pi: Stripe.PaymentIntent, p: PackagePurchase): Promise<boolean> {
  const [pkg, country] = await Promise.all([
    findPackageForCountry(p.package_id, p.country_id),
    getCountry(p.country_id),
  ]);
  return (
    !!pkg &&
    country?.is_active === true &&
    pkg.currency_code === country.currency_code &&
    pkg.credits_amount === p.credits &&
    pkg.currency_code.toLowerCase() === pi.currency &&
    toStripeAmount(pkg.price, pkg.currency_code) === pi.amount
  );
}

/** A purchase credited before payments had markers (the ledger's own record says so). */
async function grantedBefore(ownerId: string, paymentIntentId: string): Promise<boolean> {
  const page = await listTransactions(ownerId, { type: 'purchase', limit: 100 });
  return page.transactions.some((t) => t.payment_intent_id === paymentIntentId);
}

/**
 * Credits a succeeded credit-package payment to its owner's wallet, or refunds it when the
 * package is no longer on sale as bought. Safe to call any number of times, from the webhook
 * and from the status poll, in any order: the grant's transaction writes the ledger's key
 * `pi:{id}` and the marker PKGPAY#{pi} ('credited'); a refund decision writes the same marker
 * ('refund') with its REFUND record, and a refund or dispute seen first writes it as
 * 'reversed'. Whichever is first wins; the others find the marker. Intents that have not
 * succeeded, or are not package purchases, are left alone.
 */
export async function fulfil(
  pi: Stripe.PaymentIntent,
  clock: Clock = systemClock,
): Promise<Fulfilment> {
  const purchase = purchaseOf(pi);
  if (!purchase || pi.status !== 'succeeded') return { credited: false, credits: null };
  const now = () => epochSeconds(clock.now());
  const credited = { credited: true, credits: purchase.credits };

  for (let round = 0; round < MAX_ROUNDS; round++) {
    const marker = await getPackageMarker(pi.id);
    if (marker?.outcome === 'credited') return credited;
    if (marker) {
      const refund = await settleRefundQuietly(pi.id, { clock });
      return { credited: false, credits: null, refunded: true, ...(refund ? { refund } : {}) };
    }
    const at = clock.now();
    if (!(await stillOnSale(pi, purchase))) {
      if (await grantedBefore(purchase.owner_id, pi.id)) return credited;
      await decideRefund(
        {
          pi,
          kind: 'credit_package',
          reason: 'package_unavailable',
          userSub: purchase.user_sub,
          label: purchase.package_name || purchase.package_id,
          marker: packageMarkerPut({
            payment_intent_id: pi.id,
            outcome: 'refund',
            reason: 'package_unavailable',
            created_at: at.toISOString(),
          }),
        },
        at,
      );
      continue;
    }
    try {
      const { replayed } = await grant(
        {
          ownerId: purchase.owner_id,
          type: 'purchase',
          amount: purchase.credits,
          expiresAt: packageCreditsExpiry(now()),
          description: fmt(creditsEs.purchaseDescription, {
            name: purchase.package_name || purchase.package_id,
          }),
          // Back in our minor units (Stripe wants cents even where we keep whole pesos, e.g. COP).
          currency_amount: fromStripeAmount(pi.amount_received || pi.amount, pi.currency),
          currency_code: pi.currency.toUpperCase(),
          related_entity_type: 'credit_package',
          related_entity_id: purchase.package_id,
          payment_intent_id: pi.id,
          idempotencyKey: `pi:${pi.id}`,
          permanentKey: true,
        },
        now,
        {
          items: [
            packageMarkerPut({
              payment_intent_id: pi.id,
              outcome: 'credited',
              created_at: at.toISOString(),
            }),
          ],
          onConditionFailed: () => new AlreadyDecided(),
        },
      );
      if (!replayed)
        logger.info('credit package paid', { paymentIntent: pi.id, credits: purchase.credits });
      return credited;
    } catch (err) {
      if (!(err instanceof AlreadyDecided)) throw err;
    }
  }
  throw new Error(`package fulfilment of ${pi.id} gave up after repeated conflicts`);
}
