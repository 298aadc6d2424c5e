import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { OUTBOX_FILTER, OUTBOX_MESSAGE } from '../../lib/mail-outbox.js';
import { mailOutboxQueue } from '../../shared/contract/queues.js';
import { environmentOf, logicalId, nagFindings, synth } from './synth.js';

const s = synth({ jobs: [] });
const outbox = s.stack.mailOutbox;

describe('mail outbox', () => {
  it('streams new images of the table', () => {
    s.template.hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
    });
  });

  it('pipes only new outbox items from the stream to the queue, as {"outbox_id"}', () => {
    s.template.hasResourceProperties('AWS::Pipes::Pipe', {
      Source: { 'Fn::GetAtt': [logicalId(s.stack, s.stack.data.table), 'StreamArn'] },
      Target: { 'Fn::GetAtt': [logicalId(s.stack, outbox.queue), 'Arn'] },
      SourceParameters: {
        DynamoDBStreamParameters: { StartingPosition: 'TRIM_HORIZON', MaximumRetryAttempts: -1 },
        FilterCriteria: { Filters: [{ Pattern: JSON.stringify(OUTBOX_FILTER) }] },
      },
      TargetParameters: { InputTemplate: OUTBOX_MESSAGE },
    });
  });

  it('retries a message every visibility timeout, then moves it to the DLQ', () => {
    s.template.hasResourceProperties('AWS::SQS::Queue', {
      VisibilityTimeout: mailOutboxQueue.visibilityTimeoutSeconds,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(s.stack, outbox.deadLetterQueue), 'Arn'] },
        maxReceiveCount: mailOutboxQueue.maxReceiveCount,
      },
    });
    // SQS requires the consumer to finish within the visibility timeout.
    expect(mailOutboxQueue.timeoutSeconds).toBeLessThan(mailOutboxQueue.visibilityTimeoutSeconds);
  });

  it('feeds the sender in batches whose failures come back one by one', () => {
    s.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [logicalId(s.stack, outbox.queue), 'Arn'] },
      FunctionName: { Ref: logicalId(s.stack, outbox.function.fn) },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BatchSize: 10,
    });
    s.template.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: Match.absent(),
      Description: mailOutboxQueue.description,
      Timeout: mailOutboxQueue.timeoutSeconds,
    });
    expect(Object.keys(environmentOf(s, outbox.function))).toEqual(
      expect.arrayContaining(['TABLE_NAME', 'MAIL_FROM']),
    );
  });

  it('alarms on a dead letter and on mail waiting over ten minutes', () => {
    const topic = { Ref: logicalId(s.stack, s.stack.alarmTopic) };
    s.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [
        {
          Name: 'QueueName',
          Value: { 'Fn::GetAtt': [logicalId(s.stack, outbox.deadLetterQueue), 'QueueName'] },
        },
      ],
      Threshold: 1,
      AlarmActions: [topic],
    });
    s.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateAgeOfOldestMessage',
      Threshold: 600,
      AlarmActions: [topic],
    });
  });

  it('leaves no cdk-nag finding', () => {
    expect(nagFindings(s.stack).filter((f) => f.includes('MailOutbox'))).toEqual([]);
  });
});
