import type { RouteAccess } from './routes.js';

/**
 * Scheduled jobs: EventBridge rules in AWS (lib/schedules.ts), a timer in the local stack, and
 * `npm run job -- <name>` by hand. Every job is safe to run twice and takes "now" from the
 * event's `time` (the scheduled time), so a run can be replayed for a given moment.
 */
export interface JobSpec {
  /** Kebab-case, unique. */
  name: string;
  /** functions/<handler>.ts exports `handler`. */
  handler: `jobs/${string}`;
  everyMinutes: number;
  access: RouteAccess;
  description: string;
}

export const jobs: readonly JobSpec[] = [
  {
    name: 'expire-credits',
    handler: 'jobs/expire-credits',
    everyMinutes: 60,
    access: { table: 'write' },
    description: "Voids credit lots past their expiry and writes their 'expired' records",
  },
  {
    name: 'renew-features',
    handler: 'jobs/renew-features',
    everyMinutes: 60,
    access: { table: 'write' },
    description: 'Renews due premium feature subscriptions with credits, or records the attempt',
  },
  {
    name: 'retry-refunds',
    handler: 'jobs/retry-refunds',
    everyMinutes: 15,
    // mail: the customer's refund notice when the first try could not send it.
    access: { table: 'write', mail: true, secrets: ['STRIPE_SECRET_KEY'] },
    description: 'Retries automatic refunds Stripe did not make yet, and their e-mails',
  },
];
