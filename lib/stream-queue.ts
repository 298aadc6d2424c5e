import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as pipes from 'aws-cdk-lib/aws-pipes';
import type * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { QueueSpec } from '../shared/contract/queues.js';
import { AppFunction, type AppResources, type BundledFiles } from './app-function.js';
import { acknowledge } from './nag.js';

/** How the consumer takes its messages, per queue (what the shared QueueSpec does not say). */
export interface ConsumerTuning {
  /** Messages per invocation; the function's timeout covers the whole batch. */
  batchSize: number;
  /** Concurrent invocations at most. */
  maxConcurrency: number;
  /** Files copied into the function's bundle (lib/app-function.ts `BundledFiles`). */
  files?: BundledFiles;
}

export interface StreamQueueProps {
  spec: QueueSpec;
  /** The shared pipe's bus (StreamBus) for a queue in a pipe group; else its own pipe. */
  bus?: StreamBus;
  table: dynamodb.Table;
  resources: AppResources;
  environment: Record<string, string>;
  alarmTopic: sns.ITopic;
  /** @default { batchSize: 10, maxConcurrency: 5 } */
  tuning?: ConsumerTuning;
}

/** Where a shared pipe's events come from (the rules match it). */
export const STREAM_EVENT_SOURCE = 'sello.table';
export const STREAM_EVENT_DETAIL_TYPE = 'TableStreamRecord';

/** A queue's rule on the shared bus: the stream record of a new item of its entity type. */
export function busPattern(spec: QueueSpec) {
  return {
    source: [STREAM_EVENT_SOURCE],
    detailType: [STREAM_EVENT_DETAIL_TYPE],
    detail: streamFilter(spec),
  };
}

/** The pipe's filter: new items (INSERT, never updates) of the spec's entity type. */
export function streamFilter(spec: QueueSpec) {
  return {
    eventName: ['INSERT'],
    dynamodb: { NewImage: { type: { S: [spec.source.type] } } },
  };
}

/**
 * The message body the pipe writes: `{"<bodyKey>": "<the item's idAttribute>"}`, e.g.
 * `{"outbox_id": "<$.dynamodb.NewImage.id.S>"}` (read by the consumer, e.g.
 * functions/mail/send-outbox.ts `outboxIdOf`).
 */
export function messageTemplate(spec: QueueSpec): string {
  const { idAttribute, bodyKey } = spec.source;
  return `{"${bodyKey}": "<$.dynamodb.NewImage.${idAttribute}.S>"}`;
}

/** `mail-outbox` → `MailOutbox`: the construct id (and so the logical ids' prefix) of a queue. */
export const constructIdOf = (spec: QueueSpec): string =>
  spec.name.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/**
 * One queue consumer of shared/contract/queues.ts in AWS: the table's stream → an EventBridge
 * Pipe (filter: new items of `spec.source.type`; body: the item's id under `bodyKey`) → an SQS
 * queue → the spec's function. A message the function reports as failed comes back after the
 * visibility timeout; after maxReceiveCount deliveries it moves to the dead-letter queue. Two
 * alarms: a message in the DLQ (work given up), and the oldest message older than
 * `spec.maxAgeMinutes` (the consumer failing now).
 *
 * Each pipe is one reader of the table's stream, and DynamoDB Streams serves at most two
 * readers per shard without throttling: a third queue should share a pipe (through an event
 * bus) instead of adding one.
 */
export class StreamQueue extends Construct {
  readonly spec: QueueSpec;
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
  readonly function: AppFunction;
  /** Its own pipe, or its rule on a shared pipe's bus. */
  readonly pipe?: pipes.CfnPipe;
  readonly rule?: events.Rule;
  readonly alarms: { deadLetter: cloudwatch.Alarm; stuck: cloudwatch.Alarm };

  constructor(scope: Construct, id: string, props: StreamQueueProps) {
    super(scope, id);
    const { spec, table } = props;
    const tuning = props.tuning ?? { batchSize: 10, maxConcurrency: 5 };
    this.spec = spec;
    if (!table.tableStreamArn) throw new Error(`queue ${spec.name} needs the table stream`);
    // SQS hands a message out again once its visibility timeout passes: a consumer still
    // running would then work on it twice.
    if (spec.timeoutSeconds >= spec.visibilityTimeoutSeconds) {
      throw new Error(`queue ${spec.name}: timeout must be below the visibility timeout`);
    }

    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetterQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(this.deadLetterQueue, [
      {
        id: 'AwsSolutions-SQS3',
        reason: `This queue is itself the dead-letter queue of the ${spec.name} queue.`,
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
      memorySize: spec.memoryMb,
      files: tuning.files,
    });
    this.function.bindAccess(spec.access, props.resources);
    this.function.fn.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: tuning.batchSize,
        reportBatchItemFailures: true,
        maxConcurrency: tuning.maxConcurrency,
      }),
    );

    if (props.bus) {
      // A shared reader: the bus's rule picks this queue's items and writes its message.
      const { idAttribute, bodyKey } = spec.source;
      this.rule = new events.Rule(this, 'Rule', {
        description: `New ${spec.source.type} items from the table stream to the ${spec.name} queue`,
        eventBus: props.bus.bus,
        eventPattern: busPattern(spec),
        targets: [
          new targets.SqsQueue(this.queue, {
            message: events.RuleTargetInput.fromObject({
              [bodyKey]: events.EventField.fromPath(`$.detail.dynamodb.NewImage.${idAttribute}.S`),
            }),
          }),
        ],
      });
    } else {
      this.pipe = ownPipe(this, spec, table, table.tableStreamArn, this.queue);
    }

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
    const period = { period: Duration.minutes(5), statistic: cloudwatch.Stats.MAXIMUM };
    this.alarms = {
      deadLetter: alarm(
        'DeadLetterAlarm',
        `Queue ${spec.name} gave a message up after ${spec.maxReceiveCount} deliveries ` +
          `(${spec.description}): see its DLQ and the ${spec.source.type} items still pending; ` +
          'redrive the DLQ once the cause is fixed.',
        this.deadLetterQueue.metricApproximateNumberOfMessagesVisible(period),
        1,
      ),
      stuck: alarm(
        'StuckAlarm',
        `Queue ${spec.name}: a message has waited over ${spec.maxAgeMinutes} minutes; ` +
          `functions/${spec.handler} is failing now (see its log lines).`,
        this.queue.metricApproximateAgeOfOldestMessage(period),
        Duration.minutes(spec.maxAgeMinutes).toSeconds(),
      ),
    };
  }
}

/** A pipe's role: it reads the table's stream (its target's grant is the caller's). */
function streamReaderRole(scope: Construct, table: dynamodb.Table): iam.Role {
  const role = new iam.Role(scope, 'PipeRole', {
    assumedBy: new iam.ServicePrincipal('pipes.amazonaws.com'),
  });
  table.grantStreamRead(role);
  acknowledge(role, [
    {
      id: 'AwsSolutions-IAM5',
      reason:
        'grantStreamRead adds dynamodb:ListStreams, which has no resource-level permissions ' +
        '(AWS requires Resource "*"); the stream reads themselves name this table\'s stream.',
      findings: ['Resource::*'],
    },
  ]);
  return role;
}

/** A queue's own reader of the table's stream: new items of its type, straight into it. */
function ownPipe(
  scope: Construct,
  spec: QueueSpec,
  table: dynamodb.Table,
  streamArn: string,
  queue: sqs.Queue,
): pipes.CfnPipe {
  const role = streamReaderRole(scope, table);
  queue.grantSendMessages(role);
  return new pipes.CfnPipe(scope, 'Pipe', {
    description: `New ${spec.source.type} items from the table stream to the ${spec.name} queue`,
    roleArn: role.roleArn,
    source: streamArn,
    sourceParameters: {
      dynamoDbStreamParameters: {
        startingPosition: 'TRIM_HORIZON',
        batchSize: 10,
        // A failure to reach SQS is retried until the record leaves the stream (24 h).
        maximumRetryAttempts: -1,
      },
      filterCriteria: { filters: [{ pattern: JSON.stringify(streamFilter(spec)) }] },
    },
    target: queue.queueArn,
    targetParameters: { inputTemplate: messageTemplate(spec) },
  });
}

/**
 * One reader of the table's stream shared by a group of queues (QueueSpec `pipe`): the pipe
 * sends the new items of every member's type to an event bus, where each member's rule
 * (StreamQueue) picks its own. DynamoDB Streams serves two readers per shard unthrottled: a
 * third queue joins a group instead of adding a reader.
 */
export class StreamBus extends Construct {
  readonly bus: events.EventBus;
  readonly pipe: pipes.CfnPipe;

  constructor(
    scope: Construct,
    id: string,
    props: { name: string; members: readonly QueueSpec[]; table: dynamodb.Table },
  ) {
    super(scope, id);
    const { table } = props;
    const streamArn = table.tableStreamArn;
    if (!streamArn) throw new Error(`pipe ${props.name} needs the table stream`);
    this.bus = new events.EventBus(this, 'Bus', {
      description: `Sello: new items of ${props.members.map((m) => m.source.type).join(', ')}`,
    });
    const role = streamReaderRole(this, table);
    this.bus.grantPutEventsTo(role);
    this.pipe = new pipes.CfnPipe(this, 'Pipe', {
      description: `New items of the ${props.name} queues from the table stream to their bus`,
      roleArn: role.roleArn,
      source: streamArn,
      sourceParameters: {
        dynamoDbStreamParameters: {
          startingPosition: 'TRIM_HORIZON',
          batchSize: 10,
          // A failure to reach the bus is retried until the record leaves the stream (24 h).
          maximumRetryAttempts: -1,
        },
        filterCriteria: {
          filters: props.members.map((m) => ({ pattern: JSON.stringify(streamFilter(m)) })),
        },
      },
      target: this.bus.eventBusArn,
      targetParameters: {
        eventBridgeEventBusParameters: {
          source: STREAM_EVENT_SOURCE,
          detailType: STREAM_EVENT_DETAIL_TYPE,
        },
      },
    });
  }
}
