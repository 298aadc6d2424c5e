import { describe, expect, it } from 'vitest';
import { METRICS, METRICS_NAMESPACE } from '../../functions/platform/metrics.js';
import { jobDefs } from '../../lib/schedules.js';
import { jobs } from '../../shared/contract/jobs.js';
import { environmentOf, logicalId, nagFindings, synth, templateOf } from './synth.js';

const s = synth({ jobs: jobDefs(jobs) });

describe('payment alarms', () => {
  it.each(Object.values(METRICS))('alarms on the first %s and notifies the alarm topic', (name) => {
    s.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: METRICS_NAMESPACE,
      MetricName: name,
      Dimensions: [{ Name: 'Service', Value: 'sello' }],
      Statistic: 'Sum',
      Period: 300,
      Threshold: 1,
      EvaluationPeriods: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
      AlarmActions: [{ Ref: logicalId(s.stack, s.stack.alarmTopic) }],
    });
  });

  it('leaves no cdk-nag finding', () => {
    expect(nagFindings(s.stack).filter((f) => f.includes('PaymentAlarms'))).toEqual([]);
  });

  it('has a retry-refunds job every 15 minutes with the Stripe key (from Secrets Manager)', () => {
    const fn = s.stack.schedules.functions['retry-refunds'];
    if (!fn) throw new Error('no retry-refunds job');
    // The jobs live in their own nested stack (lib/sello-stack.ts).
    templateOf(s, fn).hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(15 minutes)',
    });
    const env = Object.keys(environmentOf(s, fn));
    expect(env).toEqual(expect.arrayContaining(['STRIPE_SECRET_KEY_SECRET_ARN', 'TABLE_NAME']));
    // Its notices go through the mail outbox, whose sender alone may send.
    expect(env).not.toContain('MAIL_FROM');
    // The key itself never sits in the function's environment.
    expect(env).not.toContain('STRIPE_SECRET_KEY');
  });
});
