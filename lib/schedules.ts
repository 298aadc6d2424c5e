import { type CfnElement, Duration, Stack, TimeZone } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as schedulerTargets from 'aws-cdk-lib/aws-scheduler-targets';
import type * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { JOB_FUNCTION_TIMEOUT_SECONDS } from '../shared/contract/function-timeouts.js';
import type { DayOfYear, JobSpec, SantiagoTimeOfDay } from '../shared/contract/jobs.js';
import type { RouteAccess } from '../shared/contract/routes.js';
import { AppFunction, type AppResources } from './app-function.js';
import { acknowledge } from './nag.js';

/**
 * When a job runs: at a fixed rate (an EventBridge rule; zone-free), or daily at a wall time on
 * Chile's clock (an EventBridge Scheduler schedule with time zone America/Santiago, so 09:00
 * stays 09:00 in Santiago across the DST changes). A UTC cron is not offered on purpose.
 */
export type JobSchedule =
  | { every: Duration }
  | {
      santiagoAt: SantiagoTimeOfDay /** Yearly on this day instead of daily. */;
      yearlyOn?: DayOfYear;
    };

/** A scheduled job (feature renewals, credit expiry, SLA flags...), from shared/contract/jobs.ts. */
export interface JobDef {
  /** Kebab-case, unique: names the rule, function and queue. */
  name: string;
  /** Entry below functions/: `jobs/<file>` exporting `handler` (EventBridge event in). */
  handler: `jobs/${string}`;
  schedule: JobSchedule;
  access: RouteAccess;
  description?: string;
  /** @default JOB_FUNCTION_TIMEOUT_SECONDS (shared/contract/function-timeouts.ts) */
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
 * EventBridge rule (or, for a Santiago wall time, EventBridge Scheduler schedule) → job
 * function, for each job. A run that still fails after the retries (or cannot be delivered)
 * lands in the job's dead-letter queue, and an alarm fires as soon as that queue is not empty
 * (DESIGN.md §3.10). Jobs are idempotent, so a message can be replayed.
 */
export class SchedulesConstruct extends Construct {
  readonly functions: Record<string, AppFunction> = {};
  readonly rules: Record<string, events.Rule> = {};
  readonly schedules: Record<string, scheduler.Schedule> = {};
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
        timeout: job.timeout ?? Duration.seconds(JOB_FUNCTION_TIMEOUT_SECONDS),
        // EventBridge invokes asynchronously: Lambda retries, then records the failure.
        retryAttempts: RETRY_ATTEMPTS,
        maxEventAge: Duration.hours(6),
        onFailure: new destinations.SqsDestination(dlq),
      });
      fn.bindAccess(job.access, props.resources);

      if ('every' in job.schedule) {
        const rule = new events.Rule(jobScope, 'Rule', {
          description: job.description ?? `Runs ${job.name}`,
          schedule: events.Schedule.rate(job.schedule.every),
        });
        // Delivery failures (throttling, permissions) go to the same queue.
        rule.addTarget(
          new targets.LambdaFunction(fn.fn, {
            retryAttempts: RETRY_ATTEMPTS,
            maxEventAge: Duration.hours(6),
            deadLetterQueue: dlq,
          }),
        );
        this.rules[job.name] = rule;
      } else {
        const { hour, minute } = job.schedule.santiagoAt;
        const yearly = job.schedule.yearlyOn;
        // One role per schedule: it may invoke this job's function and nothing else.
        const role = new iam.Role(jobScope, 'SchedulerRole', {
          assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com'),
        });
        const fnId = Stack.of(fn.fn).getLogicalId(fn.fn.node.defaultChild as CfnElement);
        acknowledge(role, [
          {
            id: 'AwsSolutions-IAM5',
            reason:
              "grantInvoke names the job function's versions and aliases (arn:*) beside the " +
              'function itself: it covers that one function only.',
            findings: [`Resource::<${fnId}.Arn>:*`],
          },
        ]);
        this.schedules[job.name] = new scheduler.Schedule(jobScope, 'Schedule', {
          description: job.description ?? `Runs ${job.name}`,
          schedule: scheduler.ScheduleExpression.cron({
            hour: String(hour),
            minute: String(minute),
            ...(yearly ? { day: String(yearly.day), month: String(yearly.month) } : {}),
            timeZone: TimeZone.AMERICA_SANTIAGO,
          }),
          target: new schedulerTargets.LambdaInvoke(fn.fn, {
            role,
            retryAttempts: RETRY_ATTEMPTS,
            maxEventAge: Duration.hours(6),
            deadLetterQueue: dlq,
            // The scheduled instant as the event's `time`, as an EventBridge rule sends it.
            input: scheduler.ScheduleTargetInput.fromObject({
              time: scheduler.ContextAttribute.scheduledTime,
            }),
          }),
        });
      }

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
      this.deadLetterQueues[job.name] = dlq;
      this.alarms[job.name] = alarm;
    }
  }
}

/** The shared job list as schedules. */
export function jobDefs(specs: readonly JobSpec[]): JobDef[] {
  return specs.map((j) => ({
    name: j.name,
    handler: j.handler,
    schedule:
      j.everyMinutes !== undefined
        ? { every: Duration.minutes(j.everyMinutes) }
        : { santiagoAt: j.santiagoTime, ...(j.yearlyOn ? { yearlyOn: j.yearlyOn } : {}) },
    access: j.access,
    description: j.description,
  }));
}
