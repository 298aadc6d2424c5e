import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import type * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { JobSpec } from '../shared/contract/jobs.js';
import type { RouteAccess } from '../shared/contract/routes.js';
import { AppFunction, type AppResources } from './app-function.js';
import { acknowledge } from './nag.js';

/**
 * A scheduled job (feature renewals, credit expiry, SLA flags...). When
 * shared/contract/jobs.ts exists it will export a list of these; the stack takes it as a prop.
 */
export interface JobDef {
  /** Kebab-case, unique: names the rule, function and queue. */
  name: string;
  /** Entry below functions/: `jobs/<file>` exporting `handler` (EventBridge event in). */
  handler: `jobs/${string}`;
  schedule: events.Schedule;
  access: RouteAccess;
  description?: string;
  /** @default 60 seconds */
  timeout?: Duration;
}

export interface SchedulesProps {
  jobs: readonly JobDef[];
  resources: AppResources;
  environment: Record<string, string>;
  /** Where DLQ alarms notify. */
  alarmTopic: sns.ITopic;
}

/** Jobs are retried twice before giving up; a failed run is kept this long for replay. */
const RETRY_ATTEMPTS = 2;
const DLQ_RETENTION = Duration.days(14);

/**
 * EventBridge rule → job function, for each job. A run that still fails after the retries (or
 * cannot be delivered) lands in the job's dead-letter queue, and an alarm fires as soon as that
 * queue is not empty (DESIGN.md §3.10). Jobs are idempotent, so a message can be replayed.
 */
export class SchedulesConstruct extends Construct {
  readonly functions: Record<string, AppFunction> = {};
  readonly rules: Record<string, events.Rule> = {};
  readonly deadLetterQueues: Record<string, sqs.Queue> = {};
  readonly alarms: Record<string, cloudwatch.Alarm> = {};

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);

    for (const job of props.jobs) {
      if (this.functions[job.name]) throw new Error(`Duplicate job name ${job.name}`);
      const jobScope = new Construct(this, job.name);

      const dlq = new sqs.Queue(jobScope, 'DeadLetterQueue', {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: DLQ_RETENTION,
      });
      acknowledge(dlq, [
        {
          id: 'AwsSolutions-SQS3',
          reason:
            'This queue is itself the dead-letter queue of the job (EventBridge target DLQ and ' +
            'Lambda on-failure destination); it has no consumer to fail.',
        },
      ]);

      const fn = new AppFunction(jobScope, 'Function', {
        handler: job.handler,
        description: job.description ?? `Scheduled job ${job.name}`,
        environment: props.environment,
        timeout: job.timeout ?? Duration.seconds(60),
        // EventBridge invokes asynchronously: Lambda retries, then records the failure.
        retryAttempts: RETRY_ATTEMPTS,
        maxEventAge: Duration.hours(6),
        onFailure: new destinations.SqsDestination(dlq),
      });
      fn.bindAccess(job.access, props.resources);

      const rule = new events.Rule(jobScope, 'Rule', {
        description: job.description ?? `Runs ${job.name}`,
        schedule: job.schedule,
      });
      // Delivery failures (throttling, permissions) go to the same queue.
      rule.addTarget(
        new targets.LambdaFunction(fn.fn, {
          retryAttempts: RETRY_ATTEMPTS,
          maxEventAge: Duration.hours(6),
          deadLetterQueue: dlq,
        }),
      );

      const alarm = new cloudwatch.Alarm(jobScope, 'DeadLetterAlarm', {
        alarmDescription: `Job ${job.name} failed after ${RETRY_ATTEMPTS} retries: see its DLQ`,
        metric: dlq.metricApproximateNumberOfMessagesVisible({
          period: Duration.minutes(5),
          statistic: cloudwatch.Stats.MAXIMUM,
        }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(new actions.SnsAction(props.alarmTopic));

      this.functions[job.name] = fn;
      this.rules[job.name] = rule;
      this.deadLetterQueues[job.name] = dlq;
      this.alarms[job.name] = alarm;
    }
  }
}

/** The shared job list as EventBridge schedules. */
export function jobDefs(specs: readonly JobSpec[]): JobDef[] {
  return specs.map((j) => ({
    name: j.name,
    handler: j.handler,
    schedule: events.Schedule.rate(Duration.minutes(j.everyMinutes)),
    access: j.access,
    description: j.description,
  }));
}
