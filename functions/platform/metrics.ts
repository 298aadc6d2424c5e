/**
 * Business metrics as CloudWatch embedded metric format (EMF) lines: Lambda's log stream
 * carries them and CloudWatch turns each into a data point, with no SDK call and no extra
 * permission. lib/payment-alarms.ts alarms on them; the names are shared from here so the
 * construct and the code cannot drift apart.
 */
export const METRICS_NAMESPACE = 'Sello/Payments';
export const METRIC_DIMENSION = { Service: 'sello' } as const;

export const METRICS = {
  /** A Stripe refund call failed (it is retried; the alarm fires at the first failure). */
  refundFailed: 'RefundFailed',
  /** A refund or dispute could not be reversed in our records (the webhook is retried). */
  reversalFailed: 'ReversalFailed',
  /** A seal found the original's bytes or the audit chain not as recorded (never retried). */
  sealIntegrityFailure: 'SealIntegrityFailure',
  /** A seal could not be made for good: the order ended seal_failed and was refunded. */
  sealFailed: 'SealFailed',
  /** A sealed notarial order found no notary able to take it (the job retries it). */
  notaryUnavailable: 'NotaryUnavailable',
} as const;

export type MetricName = (typeof METRICS)[keyof typeof METRICS];

/** The EMF document of one count. */
export function emfLine(name: MetricName, value = 1, at = Date.now()): string {
  return JSON.stringify({
    _aws: {
      Timestamp: at,
      CloudWatchMetrics: [
        {
          Namespace: METRICS_NAMESPACE,
          Dimensions: [Object.keys(METRIC_DIMENSION)],
          Metrics: [{ Name: name, Unit: 'Count' }],
        },
      ],
    },
    ...METRIC_DIMENSION,
    [name]: value,
  });
}

/** Counts one occurrence (stdout: Lambda ships it to CloudWatch Logs). */
export function countMetric(name: MetricName, value = 1): void {
  process.stdout.write(`${emfLine(name, value)}\n`);
}
