import { es, fmt } from '../../../../shared/messages.es';
import { formatCredits } from '../../../../shared/rules/currency';

/**
 * Pure rules about the signed-in user's credits that several screens share (credit history and
 * services, premium features, credit packages): how an amount of credits reads, and when a
 * balance is low or too small.
 */

/** "{n} créditos" with es-CL grouping. */
export function creditsText(n: number): string {
  return fmt(es.credits.creditsCount, { n: formatCredits(n) });
}

/** "crédito" for one, "créditos" otherwise (after a number). */
export function creditWord(n: number): string {
  return Math.abs(n) === 1 ? es.credits.credit : es.credits.credits;
}

/** Below the threshold of the screen (§9: 100 on features, 50 on services). */
export function isLowBalance(balance: number | undefined, threshold: number): boolean {
  return balance !== undefined && balance < threshold;
}

/**
 * Whether a signed-in user may pay `cost` now. Unknown balance (still loading, or a visitor)
 * is not "insufficient": the server decides, and visitors are asked to log in first.
 */
export function isInsufficient(balance: number | undefined, cost: number): boolean {
  return balance !== undefined && balance < cost;
}
