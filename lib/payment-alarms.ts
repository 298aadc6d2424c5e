import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import {
  METRIC_DIMENSION,
  METRICS,
  METRICS_NAMESPACE,
  type MetricName,
} from '../functions/platform/metrics.js';

export interface PaymentAlarmsProps {
  alarmTopic: sns.ITopic;
}

const DESCRIPTIONS: Record<MetricName, string> = {
  [METRICS.refundFailed]:
    'A Stripe refund Sello owes a customer failed (it is retried by the webhook and the retry-refunds job). See the "refund failed" log lines and the REFUND# records still pending.',
  [METRICS.reversalFailed]:
    'A refund or dispute could not be reversed in Sello (credits taken back, order cancelled); Stripe retries the webhook. See the "payment reversal failed" log lines.',
  [METRICS.sealIntegrityFailure]:
    'A seal run found an original document whose SHA-256 differs from the one recorded at upload, or a broken audit chain: the order stays sealing and is not retried. See the "seal run failed" log lines.',
  [METRICS.sealFailed]:
    'An order could not be sealed for good (its document or a signature image could not be composed, or its integrity checks failed): it ended seal_failed, the customer was told and refunded. See the "seal failed for good" log lines.',
  [METRICS.notaryUnavailable]:
    "A sealed order with a notarial service found no active notary offering its service with room in its queue: it waits (notarial_stage unassigned) and the notarial-assignments job retries it every 5 minutes. Check the notaries' settings (active, services, open limit) in /admin/organizations.",
};

/**
 * Alarms on the payment metrics the functions write as EMF log lines
 * (functions/platform/metrics.ts): any failed refund or reversal in five minutes notifies the
 * alarm topic. Missing data is "not breaching": no failures, no metric at all.
 */
export class PaymentAlarms extends Construct {
  readonly alarms: Record<MetricName, cloudwatch.Alarm>;

  constructor(scope: Construct, id: string, props: PaymentAlarmsProps) {
    super(scope, id);
    const alarm = (name: MetricName) => {
      const a = new cloudwatch.Alarm(this, name, {
        alarmDescription: DESCRIPTIONS[name],
        metric: new cloudwatch.Metric({
          namespace: METRICS_NAMESPACE,
          metricName: name,
          dimensionsMap: { ...METRIC_DIMENSION },
          statistic: cloudwatch.Stats.SUM,
          period: Duration.minutes(5),
        }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      a.addAlarmAction(new actions.SnsAction(props.alarmTopic));
      return a;
    };
    this.alarms = {
      [METRICS.refundFailed]: alarm(METRICS.refundFailed),
      [METRICS.reversalFailed]: alarm(METRICS.reversalFailed),
      [METRICS.sealIntegrityFailure]: alarm(METRICS.sealIntegrityFailure),
      [METRICS.sealFailed]: alarm(METRICS.sealFailed),
      [METRICS.notaryUnavailable]: alarm(METRICS.notaryUnavailable),
    };
  }
}
