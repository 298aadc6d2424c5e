import { es, fmt } from '../../../../shared/messages.es';

type Interval = keyof typeof es.credits.intervalOne;

const isInterval = (value: string): value is Interval =>
  Object.hasOwn(es.credits.intervalOne, value);

/**
 * How often a plan is billed, in Spanish (customer-flows §9): 'por mes' for one interval,
 * 'cada 3 meses' for several. An unknown interval reads as months.
 */
export function intervalText(interval: string, count = 1): string {
  const unit: Interval = isInterval(interval) ? interval : 'month';
  return count > 1
    ? fmt(es.credits.intervalMany[unit], { n: count })
    : es.credits.intervalOne[unit];
}
