import type { ServiceCategory } from './services.js';

/**
 * What a notary's rejection gives back (issue 22): the notarial part of what the order cost,
 * never the signatures, which were made and delivered. In money, the sum of the order's
 * notarial lines; for an order paid with credits, the same share of the credits it took,
 * rounded down to whole credits (the customer never gets back more than that part cost; the
 * rounding leaves less than one credit).
 */
export interface NotarialPart {
  /** Minor units of the order's currency. */
  amount: number;
  /** Credits, for an order paid with credits; 0 otherwise. */
  credits: number;
}

export function notarialPart(
  lines: readonly { service_category: ServiceCategory; item_total: number }[],
  order: { total_price: number; credits_used: number; paid_with_credits: boolean },
): NotarialPart {
  const amount = lines
    .filter((l) => l.service_category === 'notarial_service')
    .reduce((sum, l) => sum + l.item_total, 0);
  const part = Math.max(0, Math.min(amount, order.total_price));
  if (!order.paid_with_credits || order.total_price <= 0) return { amount: part, credits: 0 };
  // Exact integer share: credits_used × part / total, rounded down.
  const credits = Number((BigInt(order.credits_used) * BigInt(part)) / BigInt(order.total_price));
  return { amount: part, credits: Math.min(credits, order.credits_used) };
}
