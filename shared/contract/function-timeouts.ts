/**
 * How long Lambda lets each kind of function run, in seconds: lib/ gives these to the
 * functions, the local gateway kills a route's handler after the same time (as Lambda would),
 * and functions/platform/sdk-budget.ts fits every SDK client's timeouts and retries inside it.
 * One number per kind, here, so the three never disagree.
 */

/** Every API route's function (cdk.json context `functionTimeoutSeconds` may raise it). */
export const API_FUNCTION_TIMEOUT_SECONDS = 10;

/** Scheduled jobs (renewals, expiry, SLA flags) unless their JobDef says otherwise. */
export const JOB_FUNCTION_TIMEOUT_SECONDS = 60;
