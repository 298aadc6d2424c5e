import type { RouteAccess } from './routes.js';

/**
 * Scheduled jobs: EventBridge in AWS (lib/schedules.ts), a timer in the local stack, and
 * `npm run job -- <name>` by hand. Every job is safe to run twice and takes "now" from the
 * event's `time` (the scheduled time), so a run can be replayed for a given moment.
 *
 * A job runs either every N minutes (zone-free: jobs that act on instants, such as a lot's
 * expiry) or daily at a wall time on Chile's clock (America/Santiago, DST included; EventBridge
 * Scheduler with that time zone in AWS). There is deliberately no UTC cron: "09:00 UTC" is 06:00
 * or 05:00 in Santiago depending on the season (docs/architecture.md §11).
 */
interface JobBase {
  /** Kebab-case, unique. */
  name: string;
  /** functions/<handler>.ts exports `handler`. */
  handler: `jobs/${string}`;
  access: RouteAccess;
  description: string;
}

/** A wall time in Santiago, 24-hour clock. */
export interface SantiagoTimeOfDay {
  hour: number;
  minute: number;
}

/** A day of the year (month 1–12): a job with one runs yearly that day, at its Santiago time. */
export interface DayOfYear {
  month: number;
  day: number;
}

export type JobSpec = JobBase &
  (
    | { everyMinutes: number; santiagoTime?: undefined }
    | { santiagoTime: SantiagoTimeOfDay; yearlyOn?: DayOfYear; everyMinutes?: undefined }
  );

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
    // The customer's refund notice goes through the mail outbox: no mail access here.
    access: { table: 'write', secrets: ['STRIPE_SECRET_KEY'] },
    description: 'Retries automatic refunds Stripe did not make yet, and queues their notices',
  },
  {
    name: 'sweep-sealing',
    handler: 'jobs/sweep-sealing',
    everyMinutes: 15,
    access: { table: 'write' },
    description:
      'Starts a new seal run for every order sealing for over 15 minutes without a live run',
  },
  {
    name: 'notarial-assignments',
    handler: 'jobs/notarial-assignments',
    everyMinutes: 5,
    access: { table: 'write' },
    description:
      'Assigns sealed notarial orders still waiting for a notary, reassigns those not taken in time and flags those not processed in time',
  },
  {
    name: 'keep-originals',
    handler: 'jobs/keep-originals',
    everyMinutes: 5,
    access: { table: 'write', bucket: 'write' },
    description: "Copies each paid order's original to its evidence, past the uploads' 30 days",
  },
  {
    name: 'signing-reminders',
    handler: 'jobs/signing-reminders',
    santiagoTime: { hour: 10, minute: 0 },
    // Reminders go through the mail outbox: no mail access here.
    access: { table: 'write' },
    description: 'Reminds pending signers on days 3, 7 and 12 of their 15-day link',
  },
  {
    name: 'unavailable-orders',
    handler: 'jobs/unavailable-orders',
    santiagoTime: { hour: 9, minute: 0 },
    // The notice goes through the mail outbox: no mail access here.
    access: { table: 'write' },
    description:
      'Tells once each customer whose open order includes a service not delivered yet that it can be cancelled with a full refund',
  },
  {
    // Yearly, with a 400-day horizon (functions/jobs/retimestamp-evidence.ts): whatever a run
    // misses is still in time for the next. The local stack's timer runs it daily (a no-op
    // until something is due); `npm run job -- retimestamp-evidence` runs it by hand.
    name: 'retimestamp-evidence',
    handler: 'jobs/retimestamp-evidence',
    santiagoTime: { hour: 3, minute: 30 },
    yearlyOn: { month: 1, day: 15 },
    access: { table: 'write', bucket: 'write', secrets: ['TSA_URL', 'TSA_URL_FALLBACK'] },
    description:
      "Appends a new document timestamp to sealed PDFs whose last timestamp's TSA certificate nears expiry",
  },
];
