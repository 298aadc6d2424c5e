import { existsSync } from 'node:fs';
import { Duration, type NestedStack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { type JobDef, jobDefs } from '../../lib/schedules.js';
import { jobs as sharedJobs } from '../../shared/contract/jobs.js';
import { queues as streamQueues } from '../../shared/contract/queues.js';
import { actionsOf, environmentOf, logicalId, nagFindings, synth, templateOf } from './synth.js';

describe('the shared job list', () => {
  it('gives every job a handler file and an hourly-or-faster rate or a Santiago time', () => {
    const defs = jobDefs(sharedJobs);
    expect(defs.map((d) => d.name)).toEqual(sharedJobs.map((j) => j.name));
    for (const d of defs) {
      expect(existsSync(new URL(`../../functions/${d.handler}.ts`, import.meta.url))).toBe(true);
      if ('every' in d.schedule) expect(d.schedule.every.toMinutes()).toBeLessThanOrEqual(60);
      else expect(d.schedule.santiagoAt.hour).toBeLessThan(24);
    }
  });

  it('turns a Santiago wall time into a Santiago schedule', () => {
    const [def] = jobDefs([
      {
        name: 'remind',
        handler: 'jobs/remind',
        santiagoTime: { hour: 9, minute: 30 },
        access: { table: 'read' },
        description: 'Daily reminders',
      },
    ]);
    expect(def?.schedule).toEqual({ santiagoAt: { hour: 9, minute: 30 } });
  });

  it('runs the evidence re-timestamp yearly, on a Santiago day and time', () => {
    const def = jobDefs(sharedJobs).find((d) => d.name === 'retimestamp-evidence');
    expect(def?.schedule).toEqual({
      santiagoAt: { hour: 3, minute: 30 },
      yearlyOn: { month: 1, day: 15 },
    });
    const yearly = synth({ jobs: def ? [def] : [] });
    templateOf(
      yearly,
      yearly.stack.schedules.functions['retimestamp-evidence'] ?? yearly.stack,
    ).hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(30 3 15 1 ? *)',
      ScheduleExpressionTimezone: 'America/Santiago',
    });
  });
});

// Synthetic jobs (one daily at 09:00 in Santiago, with mail and a longer timeout) exercise the
// construct.
const jobs: JobDef[] = [
  {
    name: 'expire-credits',
    handler: 'jobs/expire-credits',
    schedule: { every: Duration.hours(1) },
    access: { table: 'write' },
  },
  {
    name: 'flag-sla',
    handler: 'jobs/flag-sla',
    schedule: { santiagoAt: { hour: 9, minute: 0 } },
    access: { table: 'read', mail: true },
    timeout: Duration.minutes(5),
  },
];

const s = synth({ jobs });
const { stack } = s;
// The jobs live in a nested stack of their own (lib/sello-stack.ts): their resources are in its
// template, and what they use of the app stack comes in as its parameters.
if (!stack.jobsStack) throw new Error('the jobs built no nested stack');
const jobsStack: NestedStack = stack.jobsStack;
const template = templateOf(s, jobsStack);
const parentTemplate = s.template;

/** What the app stack passes to the jobs stack's parameter `name`. */
function parameterValue(name: string): unknown {
  const resource = jobsStack.nestedStackResource;
  if (!resource) throw new Error('the jobs stack has no resource in the app stack');
  const nested = parentTemplate.toJSON().Resources[stack.getLogicalId(resource)];
  return nested.Properties.Parameters[name];
}

it('puts the jobs in a nested stack, not in the app stack', () => {
  // The jobs' nested stack and the route functions' (lib/route-stacks.ts).
  parentTemplate.resourceCountIs(
    'AWS::CloudFormation::Stack',
    1 + Object.keys(stack.api.routeStacks).length,
  );
  parentTemplate.resourceCountIs('AWS::Scheduler::Schedule', 0);
  // The app stack's rules are the queues' on their stream bus (lib/stream-queue.ts), none a
  // schedule's (those use the default bus).
  const rules = Object.values(parentTemplate.toJSON().Resources).filter(
    (r) => (r as { Type: string }).Type === 'AWS::Events::Rule',
  ) as { Properties: { EventBusName?: unknown; ScheduleExpression?: unknown } }[];
  expect(
    rules.filter((r) => !r.Properties.EventBusName || r.Properties.ScheduleExpression),
  ).toEqual([]);
  template.resourceCountIs('AWS::Lambda::Function', jobs.length);
});

describe.each(jobs.map((j) => [j.name, j] as const))('job %s', (name, job) => {
  const fn = stack.schedules.functions[name];
  const dlq = stack.schedules.deadLetterQueues[name];
  if (!fn || !dlq) throw new Error(`job ${name} not built`);
  const fnArn = { 'Fn::GetAtt': [logicalId(jobsStack, fn.fn), 'Arn'] };
  const dlqArn = { 'Fn::GetAtt': [logicalId(jobsStack, dlq), 'Arn'] };

  it('runs on its schedule, with retries and a dead-letter queue', () => {
    if ('every' in job.schedule) {
      template.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: `rate(${job.schedule.every.toHours()} hour)`,
        State: 'ENABLED',
        Targets: [
          Match.objectLike({
            Arn: fnArn,
            RetryPolicy: Match.objectLike({ MaximumRetryAttempts: 2 }),
            DeadLetterConfig: { Arn: dlqArn },
          }),
        ],
      });
    } else {
      // On Chile's clock: EventBridge Scheduler in America/Santiago, not a UTC cron rule.
      template.hasResourceProperties('AWS::Scheduler::Schedule', {
        ScheduleExpression: 'cron(0 9 * * ? *)',
        ScheduleExpressionTimezone: 'America/Santiago',
        State: 'ENABLED',
        Target: Match.objectLike({
          Arn: fnArn,
          RetryPolicy: Match.objectLike({ MaximumRetryAttempts: 2 }),
          DeadLetterConfig: { Arn: dlqArn },
          Input: JSON.stringify({ time: '<aws.scheduler.scheduled-time>' }),
        }),
      });
    }
  });

  it('sends a finally failed run to the same queue', () => {
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: logicalId(jobsStack, fn.fn) },
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: dlqArn } },
    });
  });

  it("alarms as soon as the queue holds a message, on the app stack's alarm topic", () => {
    const queueName = { 'Fn::GetAtt': [logicalId(jobsStack, dlq), 'QueueName'] };
    const alarms = Object.values(
      template.findResources('AWS::CloudWatch::Alarm', {
        Properties: {
          MetricName: 'ApproximateNumberOfMessagesVisible',
          Namespace: 'AWS/SQS',
          Dimensions: [{ Name: 'QueueName', Value: queueName }],
          Threshold: 1,
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        },
      }),
    );
    expect(alarms).toHaveLength(1);
    const actions = alarms[0]?.Properties.AlarmActions as { Ref: string }[];
    expect(actions).toHaveLength(1);
    expect(parameterValue(actions[0]?.Ref ?? '')).toEqual({
      Ref: logicalId(stack, stack.alarmTopic),
    });
  });

  it('gets only the access it declares', () => {
    const actions = actionsOf(s, fn);
    const env = environmentOf(s, fn);
    expect(actions).toContain('sqs:SendMessage');
    expect(actions.some((a) => a.startsWith('ses:'))).toBe(Boolean(job.access.mail));
    expect(actions.includes('dynamodb:PutItem')).toBe(job.access.table === 'write');
    expect(actions.some((a) => a.startsWith('s3:') || a.startsWith('cognito-idp:'))).toBe(false);
    expect(env.TABLE_NAME).toBeDefined();
    expect(env.BUCKET_NAME).toBeUndefined();
  });

  it('has the Lambda defaults', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: Match.absent(),
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Timeout: (job.timeout ?? Duration.seconds(60)).toSeconds(),
      Role: { 'Fn::GetAtt': [logicalId(jobsStack, fn.role), 'Arn'] },
    });
  });
});

describe.each([
  // One dead-letter queue per job, in the jobs stack.
  ['jobs stack', template, jobs.length],
  // Each stream queue (shared/contract/queues.ts) with its own dead-letter queue.
  ['app stack', parentTemplate, 2 * streamQueues.length],
] as const)('queues of the %s', (_name, template, queues) => {
  it('are encrypted and TLS-only', () => {
    template.resourceCountIs('AWS::SQS::Queue', queues);
    template.resourcePropertiesCountIs('AWS::SQS::Queue', { SqsManagedSseEnabled: true }, queues);
    template.resourcePropertiesCountIs(
      'AWS::SQS::QueuePolicy',
      {
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            }),
          ]),
        },
      },
      queues,
    );
  });
});

describe('cdk-nag', () => {
  it('stays clean with jobs, in the app stack and the jobs stack', () => {
    expect(nagFindings(stack)).toEqual([]);
    expect(nagFindings(jobsStack)).toEqual([]);
  });
});
