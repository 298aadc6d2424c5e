import { describe, expect, it } from 'vitest';
import { SEAL_FONTS } from '../../lib/queue-consumers.js';
import { busPattern, messageTemplate, streamFilter } from '../../lib/stream-queue.js';
import {
  FEA_JOB_TYPE,
  feaJobsQueue,
  mailOutboxQueue,
  OUTBOX_TYPE,
  pipeGroups,
  queues,
  SEAL_RUN_TYPE,
  sealDocumentsQueue,
} from '../../shared/contract/queues.js';
import { actionsOf, environmentOf, logicalId, nagFindings, statementsOf, synth } from './synth.js';

/**
 * The queue consumers of shared/contract/queues.ts in AWS (lib/stream-queue.ts): each its own
 * queue, DLQ, function and alarms, all from its spec, fed by a pipe from the table stream: its
 * own, or one its pipe group shares through an event bus.
 */
const s = synth({ jobs: [] });
const { stack, template } = s;
const queueOf = (name: string) => {
  const q = stack.queues[name];
  if (!q) throw new Error(`no queue ${name}`);
  return q;
};

describe('the queue consumers', () => {
  it('are one per entry of shared/contract/queues.ts', () => {
    expect(Object.keys(stack.queues).sort()).toEqual(queues.map((q) => q.name).sort());
    const readers = pipeGroups(queues).size;
    template.resourceCountIs('AWS::Pipes::Pipe', readers);
    // Each pipe reads the stream; DynamoDB Streams serves two readers per shard unthrottled.
    expect(readers).toBeLessThanOrEqual(2);
    expect(queues.length).toBeGreaterThan(readers);
  });

  it('streams new images of the table', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
    });
  });

  it('keeps the outbox logical ids it had before queues were generalised', () => {
    const outbox = queueOf('mail-outbox');
    expect(logicalId(stack, outbox.queue)).toMatch(/^MailOutboxQueue[0-9A-F]{8}$/);
    if (!outbox.pipe) throw new Error('the outbox has its own pipe');
    expect(stack.getLogicalId(outbox.pipe)).toMatch(/^MailOutboxPipe[0-9A-F]{8}$/);
    expect(logicalId(stack, queueOf('seal-documents').queue)).toMatch(
      /^SealDocumentsQueue[0-9A-F]{8}$/,
    );
  });
});

describe.each([
  {
    spec: mailOutboxQueue,
    type: OUTBOX_TYPE,
    message: '{"outbox_id": "<$.dynamodb.NewImage.id.S>"}',
  },
  {
    spec: sealDocumentsQueue,
    type: SEAL_RUN_TYPE,
    message: '{"order_id": "<$.dynamodb.NewImage.order_id.S>"}',
  },
  {
    spec: feaJobsQueue,
    type: FEA_JOB_TYPE,
    message: '{"job_id": "<$.dynamodb.NewImage.job_id.S>"}',
  },
])('the $spec.name queue', ({ spec, type, message }) => {
  const q = queueOf(spec.name);
  const resources = template.toJSON().Resources;

  it(`takes only new ${type} items (INSERT) from the stream`, () => {
    expect(streamFilter(spec)).toEqual({
      eventName: ['INSERT'],
      dynamodb: { NewImage: { type: { S: [type] } } },
    });
    const stream = { 'Fn::GetAtt': [logicalId(stack, stack.data.table), 'StreamArn'] };
    const reading = {
      StartingPosition: 'TRIM_HORIZON',
      MaximumRetryAttempts: -1,
    };
    if (q.pipe) {
      // Its own pipe, straight into the queue, as `message`.
      expect(messageTemplate(spec)).toBe(message);
      expect(resources[stack.getLogicalId(q.pipe)].Properties).toMatchObject({
        Source: stream,
        Target: { 'Fn::GetAtt': [logicalId(stack, q.queue), 'Arn'] },
        SourceParameters: {
          DynamoDBStreamParameters: reading,
          FilterCriteria: { Filters: [{ Pattern: JSON.stringify(streamFilter(spec)) }] },
        },
        TargetParameters: { InputTemplate: message },
      });
      return;
    }
    // A shared pipe: its filter lets this type through to the bus, whose rule picks it.
    expect(spec.pipe).toBeTruthy();
    const pipes = Object.values(resources).filter(
      (r) => (r as { Type: string }).Type === 'AWS::Pipes::Pipe',
    ) as { Properties: Record<string, unknown> }[];
    const shared = pipes.find((p) =>
      JSON.stringify(p.Properties.SourceParameters).includes(
        JSON.stringify(JSON.stringify(streamFilter(spec))),
      ),
    );
    expect(shared?.Properties).toMatchObject({
      Source: stream,
      SourceParameters: { DynamoDBStreamParameters: reading },
    });
    if (!q.rule) throw new Error('no rule');
    const rule = resources[logicalId(stack, q.rule)].Properties;
    expect(rule.EventPattern).toEqual({
      source: busPattern(spec).source,
      'detail-type': busPattern(spec).detailType,
      detail: streamFilter(spec),
    });
    expect(rule.Targets[0]).toMatchObject({
      Arn: { 'Fn::GetAtt': [logicalId(stack, q.queue), 'Arn'] },
      InputTransformer: {
        InputPathsMap: {
          [`detail-dynamodb-NewImage-${spec.source.idAttribute}-S`]: `$.detail.dynamodb.NewImage.${spec.source.idAttribute}.S`,
        },
      },
    });
  });

  it('retries a message every visibility timeout, then moves it to its own DLQ', () => {
    const queue = template.toJSON().Resources[logicalId(stack, q.queue)].Properties;
    expect(queue).toMatchObject({
      VisibilityTimeout: spec.visibilityTimeoutSeconds,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(stack, q.deadLetterQueue), 'Arn'] },
        maxReceiveCount: spec.maxReceiveCount,
      },
    });
    // SQS requires the consumer to finish within the visibility timeout.
    expect(spec.timeoutSeconds).toBeLessThan(spec.visibilityTimeoutSeconds);
  });

  it('feeds its function, whose failures come back one by one, with its timeout and memory', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [logicalId(stack, q.queue), 'Arn'] },
      FunctionName: { Ref: logicalId(stack, q.function.fn) },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const fn = template.toJSON().Resources[logicalId(stack, q.function.fn)].Properties;
    expect(fn).toMatchObject({
      Description: spec.description,
      Timeout: spec.timeoutSeconds,
      MemorySize: spec.memoryMb ?? 512,
    });
    expect(fn.FunctionName).toBeUndefined();
  });

  it(`alarms on one dead letter and on a message older than ${spec.maxAgeMinutes} minutes`, () => {
    const topic = { Ref: logicalId(stack, stack.alarmTopic) };
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [
        {
          Name: 'QueueName',
          Value: { 'Fn::GetAtt': [logicalId(stack, q.deadLetterQueue), 'QueueName'] },
        },
      ],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [topic],
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateAgeOfOldestMessage',
      Dimensions: [
        { Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(stack, q.queue), 'QueueName'] } },
      ],
      Threshold: spec.maxAgeMinutes * 60,
      AlarmActions: [topic],
    });
  });

  it('gets the secrets its spec declares, and no other', () => {
    const env = environmentOf(s, q.function);
    const declared = (spec.access.secrets ?? []).map((name) => `${name}_SECRET_ARN`).sort();
    expect(
      Object.keys(env)
        .filter((k) => k.endsWith('_SECRET_ARN'))
        .sort(),
    ).toEqual(declared);
    const secretIds = Object.entries(stack.secrets.byName)
      .filter(([name]) => (spec.access.secrets ?? []).includes(name as never))
      .map(([, secret]) => logicalId(stack, secret));
    const read = statementsOf(s, q.function)
      .filter((st) => st.Action.includes('secretsmanager:GetSecretValue'))
      .flatMap((st) => [st.Resource].flat() as { Ref: string }[])
      .map((r) => r.Ref)
      .sort();
    expect(read).toEqual(secretIds.sort());
  });

  it('leaves no cdk-nag finding', () => {
    expect(nagFindings(stack).filter((f) => f.includes(q.node.path))).toEqual([]);
  });
});

describe('the mail outbox consumer', () => {
  const q = queueOf('mail-outbox');

  it('sends mail in batches of ten, with table write access', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalId(stack, q.function.fn) },
      BatchSize: 10,
    });
    expect(Object.keys(environmentOf(s, q.function))).toEqual(
      expect.arrayContaining(['TABLE_NAME', 'MAIL_FROM']),
    );
  });
});

describe('the seal consumer', () => {
  const q = queueOf('seal-documents');

  it('runs with 1536 MB for 120 s, one order per invocation', () => {
    expect(sealDocumentsQueue).toMatchObject({ memoryMb: 1536, timeoutSeconds: 120 });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalId(stack, q.function.fn) },
      BatchSize: 1,
    });
  });

  it('reads and writes the table and the bucket, and sends no mail itself', () => {
    const env = environmentOf(s, q.function);
    expect(Object.keys(env)).toEqual(
      expect.arrayContaining(['TABLE_NAME', 'BUCKET_NAME', 'APP_URL']),
    );
    expect(env.MAIL_FROM).toBeUndefined();
    const actions = actionsOf(s, q.function);
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:PutItem', 's3:PutObject']));
    expect(actions.filter((a) => a.startsWith('ses:'))).toEqual([]);
  });

  it('finds the seal fonts where its bundle carries them', () => {
    expect(environmentOf(s, q.function).SEAL_FONT_DIR).toBe('/var/task/fonts');
    expect(SEAL_FONTS.sources.map((f) => f.split('/').pop())).toEqual([
      'LiberationSans-Regular.ttf',
      'LiberationSans-Bold.ttf',
    ]);
    // The other consumers carry no fonts.
    expect(environmentOf(s, queueOf('mail-outbox').function).SEAL_FONT_DIR).toBeUndefined();
  });
});

describe('secret grants across the stack', () => {
  it('give each seal secret to the functions that declare it, and to nothing else', () => {
    const secretNames = ['SEAL_CERT_CHAIN', 'TSA_URL', 'TSA_URL_FALLBACK'] as const;
    const policies = Object.values(template.findResources('AWS::IAM::Policy'));
    for (const name of secretNames) {
      const id = logicalId(stack, stack.secrets.byName[name]);
      const holders = policies.filter((p) =>
        JSON.stringify(p.Properties.PolicyDocument).includes(`"Ref":"${id}"`),
      );
      expect(holders.map((p) => p.Properties.Roles)).toEqual([
        [{ Ref: logicalId(stack, queueOf('seal-documents').function.role) }],
      ]);
    }
  });
});
