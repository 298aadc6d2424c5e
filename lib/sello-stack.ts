import { CfnOutput, Duration, NestedStack, Stack, type StackProps } from 'aws-cdk-lib';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct, Node } from 'constructs';
import { API_FUNCTION_TIMEOUT_SECONDS } from '../shared/contract/function-timeouts.js';
import {
  pipeGroups,
  type QueueSpec,
  queues,
  sealDocumentsQueue,
} from '../shared/contract/queues.js';
import { type RouteDef, routeList } from '../shared/contract/routes.js';
import { API_STAGE_NAME, ApiConstruct } from './api.js';
import type { AppResources } from './app-function.js';
import { AuthConstruct } from './auth.js';
import { DataConstruct } from './data.js';
import { MailConstruct } from './mail.js';
import { PaymentAlarms } from './payment-alarms.js';
import { consumerTuning } from './queue-consumers.js';
import { type JobDef, SchedulesConstruct } from './schedules.js';
import { SealKey } from './seal-key.js';
import { SecretsConstruct } from './secrets.js';
import { StorageConstruct } from './storage.js';
import { constructIdOf, StreamBus, StreamQueue } from './stream-queue.js';
import { StripeWebhookRegistration } from './stripe-webhook-registration.js';
import { WebConstruct } from './web.js';

export interface SelloStackProps extends StackProps {
  /**
   * ARN of the CloudFront WAF web ACL (lib/edge-stack.ts, us-east-1). Pass the edge stack's
   * `webAclArn` and set `crossRegionReferences: true` with an explicit region (bin/app.ts).
   */
  webAclArn: string;
  /** Scheduled jobs (shared/contract/jobs.ts once it exists). */
  jobs?: readonly JobDef[];
  /** The route table; defaults to shared/contract/routes.ts. */
  routes?: readonly RouteDef[];
  /** Built SPA; defaults to web/dist (deployed only if it holds an index.html). */
  webDistPath?: string;
  /** The queue consumers; defaults to shared/contract/queues.ts. */
  queues?: readonly QueueSpec[];
}

/** Deploy-time settings, from cdk.json context or `-c key=value`. */
export interface SelloConfig {
  mailFrom: string;
  /** '' → verify the mailFrom address instead of a domain. */
  mailFromDomain: string;
  /** Origins allowed to upload to the documents bucket; default: the app URL only. */
  appOrigins?: string[];
  domainName?: string;
  certificateArn?: string;
  alarmEmail?: string;
  /** Stripe publishable key (pk_…), public by nature: it goes into config.json for Stripe.js. */
  stripePublishableKey?: string;
  logLevel: string;
  functionTimeoutSeconds: number;
  apiThrottleRateLimit: number;
  apiThrottleBurstLimit: number;
}

export function readConfig(node: Node): SelloConfig {
  const str = (key: string): string | undefined => {
    const value = node.tryGetContext(key);
    return value === undefined || value === null || value === '' ? undefined : String(value);
  };
  const num = (key: string, fallback: number): number => {
    const value = Number(str(key) ?? fallback);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`Context ${key} must be > 0`);
    return value;
  };
  // A list from cdk.json (array) or from the CLI (`-c appOrigins=https://a,https://b`).
  const list = (key: string): string[] | undefined => {
    const value = node.tryGetContext(key);
    if (value === undefined || value === null || value === '') return undefined;
    const items = Array.isArray(value) ? value.map(String) : String(value).split(',');
    return items.map((s) => s.trim()).filter(Boolean);
  };
  const appOrigins = list('appOrigins');
  if (appOrigins?.includes('*')) {
    throw new Error('appOrigins must list real origins: "*" would let any site upload');
  }
  const stripePublishableKey = str('stripePublishableKey');
  if (stripePublishableKey && !/^pk_(test|live)_\w+$/.test(stripePublishableKey)) {
    throw new Error('stripePublishableKey must be a publishable key (pk_test_… or pk_live_…)');
  }
  return {
    mailFrom: str('mailFrom') ?? 'no-reply@sello.cl',
    mailFromDomain: node.tryGetContext('mailFromDomain') ?? 'sello.cl',
    appOrigins,
    domainName: str('domainName'),
    certificateArn: str('certificateArn'),
    alarmEmail: str('alarmEmail'),
    stripePublishableKey,
    logLevel: str('logLevel') ?? 'INFO',
    functionTimeoutSeconds: num('functionTimeoutSeconds', API_FUNCTION_TIMEOUT_SECONDS),
    apiThrottleRateLimit: num('apiThrottleRateLimit', 50),
    apiThrottleBurstLimit: num('apiThrottleBurstLimit', 100),
  };
}

/** Sello on AWS: the composition of the constructs in lib/, one concern each. */
export class SelloStack extends Stack {
  readonly config: SelloConfig;
  readonly secrets: SecretsConstruct;
  readonly data: DataConstruct;
  readonly storage: StorageConstruct;
  readonly auth: AuthConstruct;
  readonly mail: MailConstruct;
  readonly api: ApiConstruct;
  readonly web: WebConstruct;
  readonly schedules: SchedulesConstruct;
  /** The nested stack that holds the scheduled jobs (`schedules`), when there are any. */
  readonly jobsStack?: NestedStack;
  /** One StreamQueue per entry of shared/contract/queues.ts, by queue name. */
  readonly queues: Record<string, StreamQueue> = {};
  readonly alarmTopic: sns.Topic;
  readonly stripeWebhook: StripeWebhookRegistration;
  /** The seal's KMS key, for the seal consumer only (absent when no seal queue is built). */
  readonly sealKey?: SealKey;

  constructor(scope: Construct, id: string, props: SelloStackProps) {
    super(scope, id, {
      description: 'Sello: firma de documentos en línea y servicios notariales',
      ...props,
    });
    const config = readConfig(this.node);
    this.config = config;
    if (config.domainName && !config.certificateArn) {
      throw new Error('domainName needs certificateArn (an ACM certificate in us-east-1)');
    }

    // Server secrets live in Secrets Manager (lib/secrets.ts); functions get ARNs, not values.
    this.secrets = new SecretsConstruct(this, 'Secrets');

    this.data = new DataConstruct(this, 'Data');
    this.storage = new StorageConstruct(this, 'Storage');
    this.auth = new AuthConstruct(this, 'Auth');
    this.mail = new MailConstruct(this, 'Mail', {
      mailFrom: config.mailFrom,
      mailFromDomain: config.mailFromDomain || undefined,
    });

    const resources: AppResources = {
      table: this.data.table,
      bucket: this.storage.documents,
      mail: this.mail,
      userPoolArn: this.auth.userPool.userPoolArn,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.client.userPoolClientId,
      secrets: this.secrets.byName,
    };

    // The API's functions need APP_URL (links in e-mails), which is the distribution's
    // domain; the distribution only needs the API id, so there is no cycle.
    const api = new ApiConstruct(this, 'Api', {
      routes: props.routes ?? routeList,
      resources,
      userPool: this.auth.userPool,
      clientId: this.auth.client.userPoolClientId,
      environment: {
        LOG_LEVEL: config.logLevel,
        ...(config.stripePublishableKey
          ? { STRIPE_PUBLISHABLE_KEY: config.stripePublishableKey }
          : {}),
      },
      timeout: Duration.seconds(config.functionTimeoutSeconds),
      originSecret: this.secrets.byName.ORIGIN_VERIFY_SECRET,
      throttle: {
        rateLimit: config.apiThrottleRateLimit,
        burstLimit: config.apiThrottleBurstLimit,
      },
    });
    this.api = api;

    this.web = new WebConstruct(this, 'Web', {
      apiDomainName: api.domainName,
      apiStageName: API_STAGE_NAME,
      webAclArn: props.webAclArn,
      documentsDomainName: this.storage.documentsDomainName,
      originSecret: this.secrets.byName.ORIGIN_VERIFY_SECRET,
      logBucket: this.storage.logs,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.client.userPoolClientId,
      domainName: config.domainName,
      certificateArn: config.certificateArn,
      webDistPath: props.webDistPath,
      stripePublishableKey: config.stripePublishableKey,
    });
    const appUrl = this.web.appUrl;
    for (const fn of Object.values(api.functions)) fn.fn.addEnvironment('APP_URL', appUrl);
    this.storage.allowBrowserOrigins(config.appOrigins ?? [appUrl]);
    // The deploy registers Stripe's webhook and fails when it would miss a handled event.
    this.stripeWebhook = new StripeWebhookRegistration(this, 'StripeWebhook', {
      appUrl,
      stripeSecretKey: this.secrets.byName.STRIPE_SECRET_KEY,
      webhookSecret: this.secrets.byName.STRIPE_WEBHOOK_SECRET,
      webhookFunction: api.functions.stripeWebhook,
      environment: { LOG_LEVEL: config.logLevel },
    });

    this.alarmTopic = new sns.Topic(this, 'Alarms', {
      displayName: 'Sello alarms',
      enforceSSL: true,
    });
    if (config.alarmEmail) {
      this.alarmTopic.addSubscription(new subscriptions.EmailSubscription(config.alarmEmail));
    }

    // The jobs (function, role, policy, log group, rule or schedule, DLQ, alarm: ~10 resources
    // each) live in a nested stack: CloudFormation allows 500 resources per stack and counts a
    // nested stack as one, so the API's routes keep the room in this one. CDK passes the table,
    // bucket, secrets, topic and app URL in as the nested stack's parameters.
    // Without jobs there is no nested stack: CloudFormation refuses a template with no resources.
    const jobs = props.jobs ?? [];
    if (jobs.length > 0) {
      this.jobsStack = new NestedStack(this, 'Jobs', {
        description: 'Sello: trabajos programados',
      });
    }
    this.schedules = new SchedulesConstruct(this.jobsStack ?? this, 'Schedules', {
      jobs,
      resources,
      environment: { LOG_LEVEL: config.logLevel, APP_URL: appUrl },
      alarmTopic: this.alarmTopic,
    });
    new PaymentAlarms(this, 'PaymentAlarms', { alarmTopic: this.alarmTopic });
    // Construct ids from the queue names ('mail-outbox' → MailOutbox): the outbox keeps the
    // logical ids it had before queues were generalised.
    // A pipe group (QueueSpec `pipe`) shares one reader of the stream through a bus.
    const buses = new Map<string, StreamBus>();
    for (const [name, members] of pipeGroups(props.queues ?? queues)) {
      if (members.some((m) => m.pipe)) {
        buses.set(
          name,
          new StreamBus(this, `${constructIdOf({ name } as QueueSpec)}Stream`, {
            name,
            members,
            table: this.data.table,
          }),
        );
      }
    }
    for (const spec of props.queues ?? queues) {
      if (this.queues[spec.name]) throw new Error(`Duplicate queue name ${spec.name}`);
      this.queues[spec.name] = new StreamQueue(this, constructIdOf(spec), {
        spec,
        bus: spec.pipe ? buses.get(spec.pipe) : undefined,
        table: this.data.table,
        resources,
        environment: { LOG_LEVEL: config.logLevel, APP_URL: appUrl },
        alarmTopic: this.alarmTopic,
        tuning: consumerTuning[spec.name],
      });
    }
    const sealQueue = this.queues[sealDocumentsQueue.name];
    if (sealQueue) this.sealKey = new SealKey(this, 'SealKey', { consumer: sealQueue.function });

    const outputs: Record<string, [string, string]> = {
      AppUrl: [appUrl, 'Public URL of the app'],
      ApiEndpoint: [
        api.endpoint,
        'REST API stage, only through CloudFront (browsers use AppUrl/api)',
      ],
      UserPoolId: [this.auth.userPool.userPoolId, 'Cognito user pool'],
      UserPoolClientId: [this.auth.client.userPoolClientId, 'Cognito app client'],
      TableName: [this.data.table.tableName, 'DynamoDB table'],
      DocumentsBucketName: [this.storage.documents.bucketName, 'Documents bucket'],
      WebBucketName: [this.web.bucket.bucketName, 'SPA bucket'],
      DistributionId: [this.web.distribution.distributionId, 'CloudFront distribution'],
      MailFrom: [this.mail.mailFrom, 'SES sender'],
    };
    for (const [key, [value, description]] of Object.entries(outputs)) {
      new CfnOutput(this, key, { value, description });
    }
  }
}
