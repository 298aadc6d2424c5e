import { type Instant, santiagoDate } from './santiago-time.js';

/** Whether YYYY-MM-DD names a real calendar day (no 2026-02-30). */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * Whether a notarial act's date may be recorded for an order: a real day, in Chile's calendar
 * no later than today and no earlier than the day the order was placed (the act notarizes
 * that order's document, so it cannot predate it).
 */
export function isActDateAllowed(actDate: string, orderCreatedAt: Instant, now: Instant): boolean {
  return (
    isCalendarDate(actDate) &&
    actDate >= santiagoDate(orderCreatedAt) &&
    actDate <= santiagoDate(now)
  );
}
