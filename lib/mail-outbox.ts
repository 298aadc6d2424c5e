import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as pipes from 'aws-cdk-lib/aws-pipes';
import type * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { OUTBOX_TYPE, type QueueSpec } from '../shared/contract/queues.js';
import { AppFunction, type AppResources } from './app-function.js';
import { acknowledge } from './nag.js';

export interface MailOutboxProps {
  spec: QueueSpec;
  table: dynamodb.Table;
  resources: AppResources;
  environment: Record<string, string>;
  alarmTopic: sns.ITopic;
}

/** The pipe's filter: new outbox items only (functions/mail/outbox.ts writes them). */
export const OUTBOX_FILTER = {
  eventName: ['INSERT'],
  dynamodb: { NewImage: { type: { S: [OUTBOX_TYPE] } } },
};

/** The queue message the sender reads (functions/mail/send-outbox.ts `outboxIdOf`). */
export const OUTBOX_MESSAGE = '{"outbox_id": "<$.dynamodb.NewImage.id.S>"}';

/** A mail older than this in the queue means mail is failing for real: someone should look. */
const STUCK_AFTER = Duration.minutes(10);

/**
 * The mail outbox in AWS: the table's stream → an EventBridge Pipe (filter: new outbox items;
 * body: the item's id) → the mail-outbox SQS queue → the send-outbox function. A message the
 * function reports as failed comes back after the visibility timeout; after maxReceiveCount
 * tries it moves to the dead-letter queue. Two alarms: a message in the DLQ (a mail given up),
 * and the oldest message older than ten minutes (mail failing now).
 */
export class MailOutbox extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
  readonly function: AppFunction;
  readonly pipe: pipes.CfnPipe;
  readonly alarms: { deadLetter: cloudwatch.Alarm; stuck: cloudwatch.Alarm };

  constructor(scope: Construct, id: string, props: MailOutboxProps) {
    super(scope, id);
    const { spec, table } = props;
    if (!table.tableStreamArn) throw new Error('the mail outbox needs the table stream');

    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetterQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(this.deadLetterQueue, [
      {
        id: 'AwsSolutions-SQS3',
        reason: 'This queue is itself the dead-letter queue of the mail outbox queue.',
      },
    ]);
    this.queue = new sqs.Queue(this, 'Queue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(spec.visibilityTimeoutSeconds),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: spec.maxReceiveCount },
    });

    this.function = new AppFunction(this, 'Function', {
      handler: spec.handler,
      description: spec.description,
      environment: props.environment,
      timeout: Duration.seconds(spec.timeoutSeconds),
    });
    this.function.bindAccess(spec.access, props.resources);
    this.function.fn.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: 10,
        reportBatchItemFailures: true,
        // SES's sending rate is the limit: a few senders at once are plenty.
        maxConcurrency: 5,
      }),
    );

    const role = new iam.Role(this, 'PipeRole', {
      assumedBy: new iam.ServicePrincipal('pipes.amazonaws.com'),
    });
    table.grantStreamRead(role);
    this.queue.grantSendMessages(role);
    acknowledge(role, [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'grantStreamRead adds dynamodb:ListStreams, which has no resource-level permissions ' +
          '(AWS requires Resource "*"); the stream reads themselves name this table\'s stream.',
        findings: ['Resource::*'],
      },
    ]);
    this.pipe = new pipes.CfnPipe(this, 'Pipe', {
      description: 'New outbox items from the table stream to the mail-outbox queue',
      roleArn: role.roleArn,
      source: table.tableStreamArn,
      sourceParameters: {
        dynamoDbStreamParameters: {
          startingPosition: 'TRIM_HORIZON',
          batchSize: 10,
          // A failure to reach SQS is retried until the record leaves the stream (24 h).
          maximumRetryAttempts: -1,
        },
        filterCriteria: { filters: [{ pattern: JSON.stringify(OUTBOX_FILTER) }] },
      },
      target: this.queue.queueArn,
      targetParameters: { inputTemplate: OUTBOX_MESSAGE },
    });

    const alarm = (
      name: string,
      description: string,
      metric: cloudwatch.IMetric,
      threshold: number,
    ) => {
      const a = new cloudwatch.Alarm(this, name, {
        alarmDescription: description,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      a.addAlarmAction(new actions.SnsAction(props.alarmTopic));
      return a;
    };
    this.alarms = {
      deadLetter: alarm(
        'DeadLetterAlarm',
        'A mail of the outbox was given up after its retries: see the mail-outbox DLQ and the OUTBOX# items still pending (redrive the DLQ once mail works).',
        this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
          period: Duration.minutes(5),
          statistic: cloudwatch.Stats.MAXIMUM,
        }),
        1,
      ),
      stuck: alarm(
        'StuckAlarm',
        'Outbox mails have waited over 10 minutes: SES is failing or refusing (see the "outbox mail not sent" log lines).',
        this.queue.metricApproximateAgeOfOldestMessage({
          period: Duration.minutes(5),
          statistic: cloudwatch.Stats.MAXIMUM,
        }),
        STUCK_AFTER.toSeconds(),
      ),
    };
  }
}
