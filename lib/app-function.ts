import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Annotations, type CfnElement, Duration, Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { CognitoAction, RouteAccess } from '../shared/contract/routes.js';
import type { MailConstruct } from './mail.js';
import { acknowledge } from './nag.js';

/** Repository root: handler entries are `functions/<handler>.ts` below it. */
export const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));

export type Access = 'read' | 'write';

/** Everything a handler may be bound to; `bindAccess` picks what its `access` asks for. */
export interface AppResources {
  table: dynamodb.Table;
  bucket: s3.Bucket;
  mail: MailConstruct;
  userPoolArn: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Secret values by env var name (e.g. MAINTENANCE_ACCESS_CODE). */
  secrets: Readonly<Record<string, string>>;
}

export interface AppFunctionProps {
  /** Entry below functions/, without extension: `countries/list-countries`. */
  handler: string;
  description?: string;
  /** Variables every function gets (APP_URL, LOG_LEVEL, ...); bindings add the rest. */
  environment?: Record<string, string>;
  timeout?: Duration;
  memorySize?: number;
  /** Async invocations only (jobs): retries and where a finally failed event goes. */
  retryAttempts?: number;
  onFailure?: lambda.IDestination;
  maxEventAge?: Duration;
}

/**
 * One Lambda with the project's defaults: Node.js 22 on ARM, ESM bundle (minified, source
 * maps), active tracing, its own one-month log group and its own role that starts with nothing
 * but writing to that log group. Grants are added only through the bind* helpers, so a
 * function's permissions are exactly what its route/job `access` declares.
 */
export class AppFunction extends Construct implements iam.IGrantable {
  readonly fn: nodejs.NodejsFunction;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;
  readonly grantPrincipal: iam.IPrincipal;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);

    this.logGroup = new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.ONE_MONTH });

    // Own role instead of the default one: the default attaches the AWS-managed
    // AWSLambdaBasicExecutionRole (logs:CreateLogGroup on *), which we do not need since the
    // log group above already exists.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Sello ${props.handler}`,
    });
    this.logGroup.grantWrite(this.role);
    this.grantPrincipal = this.role;

    this.fn = new nodejs.NodejsFunction(this, 'Function', {
      entry: resolveEntry(this, props.handler),
      handler: 'handler',
      description: props.description ?? props.handler,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: lambda.Tracing.ACTIVE,
      role: this.role,
      logGroup: this.logGroup,
      retryAttempts: props.retryAttempts,
      onFailure: props.onFailure,
      maxEventAge: props.maxEventAge,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      projectRoot: REPO_ROOT,
      environment: {
        POWERTOOLS_SERVICE_NAME: 'sello',
        LOG_LEVEL: 'INFO',
        NODE_OPTIONS: '--enable-source-maps',
        ...props.environment,
      },
      bundling: {
        format: nodejs.OutputFormat.ESM,
        target: 'node22',
        minify: true,
        sourceMap: true,
        // Maps point at file:line without embedding the sources: smaller bundle, faster init.
        sourcesContent: false,
        // ESM builds of dependencies first (better tree shaking), CJS as fallback.
        mainFields: ['module', 'main'],
        // CJS dependencies bundled into an ESM file still call require(); give them one.
        banner:
          "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
        // Bundle the SDK too: the versions that run are the ones the tests ran against.
        bundleAwsSDK: true,
        // No Docker on build machines: esbuild from node_modules.
        forceDockerBundling: false,
      },
    });

    acknowledge(this, [
      {
        id: 'AwsSolutions-L1',
        reason:
          'DESIGN.md fixes Node.js 22 for every handler so Lambda matches the local stack and ' +
          'the test runs; moving to a newer runtime is a deliberate, tested change.',
      },
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'Active tracing: xray:PutTraceSegments/PutTelemetryRecords support no resource-level ' +
          'permissions, so AWS requires Resource "*".',
        findings: ['Resource::*'],
      },
    ]);
  }

  /** read → GetItem/Query/BatchGet (and its GSIs); write → also Put/Update/Delete/Transact. */
  bindTable(table: dynamodb.Table, access: Access): void {
    if (access === 'write') table.grantReadWriteData(this);
    else table.grantReadData(this);
    this.fn.addEnvironment('TABLE_NAME', table.tableName);
    acknowledge(this.role, [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'Queries on the single table GSIs (gsi1, gsi2) need the table/index/* resource; ' +
          'it covers only the indexes of this one table.',
        findings: [`Resource::<${logicalId(table)}.Arn>/index/*`],
      },
    ]);
  }

  /**
   * read → Get/List; write → also Put/Delete (presigned POST uploads are signed with these
   * credentials, so the uploader can only do what the function may do).
   */
  bindBucket(bucket: s3.Bucket, access: Access): void {
    if (access === 'write') bucket.grantReadWrite(this);
    else bucket.grantRead(this);
    this.fn.addEnvironment('BUCKET_NAME', bucket.bucketName);
    const verbs =
      access === 'write'
        ? ['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*']
        : ['s3:GetObject*', 's3:GetBucket*', 's3:List*'];
    acknowledge(this.role, [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'Documents are objects under keys chosen at run time (bucket/*), and the CDK grant ' +
          'helpers name the object read/write verbs with wildcards. Scoped to the one ' +
          'documents bucket.',
        findings: [
          `Resource::<${logicalId(bucket)}.Arn>/*`,
          ...verbs.map((verb) => `Action::${verb}`),
        ],
      },
    ]);
  }

  /** ses:SendEmail/SendRawEmail on the verified identity only. */
  bindMail(mail: MailConstruct): void {
    mail.grantSend(this);
    this.fn.addEnvironment('MAIL_FROM', mail.mailFrom);
  }

  /** Exactly the listed Cognito actions, on the one user pool. */
  bindUserPool(
    resources: Pick<AppResources, 'userPoolArn' | 'userPoolId' | 'userPoolClientId'>,
    actions: readonly CognitoAction[],
  ): void {
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: [...actions], resources: [resources.userPoolArn] }),
    );
    this.fn.addEnvironment('USER_POOL_ID', resources.userPoolId);
    this.fn.addEnvironment('USER_POOL_CLIENT_ID', resources.userPoolClientId);
  }

  /** Wires everything a route/job `access` entry declares, and nothing else. */
  bindAccess(access: RouteAccess, resources: AppResources): void {
    if (access.table) this.bindTable(resources.table, access.table);
    if (access.bucket) this.bindBucket(resources.bucket, access.bucket);
    if (access.mail) this.bindMail(resources.mail);
    if (access.cognito?.length) this.bindUserPool(resources, access.cognito);
    for (const name of access.secrets ?? []) {
      const value = resources.secrets[name];
      if (value === undefined) {
        throw new Error(`${this.node.path}: secret ${name} is not provided by the stack`);
      }
      this.fn.addEnvironment(name, value);
    }
  }
}

/** Logical id of an L2 resource, as cdk-nag names it in findings. */
function logicalId(resource: Construct): string {
  return Stack.of(resource).getLogicalId(resource.node.defaultChild as CfnElement);
}

/**
 * functions/<handler>.ts. Tests synthesize with bundling skipped (context
 * `aws:cdk:bundling-stacks: []`) while handlers are still being written; NodejsFunction
 * insists the entry exists even then, so point it at this file and leave a warning. A real
 * synth/deploy bundles, and a missing handler fails it here.
 */
function resolveEntry(scope: Construct, handler: string): string {
  const entry = join(REPO_ROOT, 'functions', `${handler}.ts`);
  if (existsSync(entry)) return entry;
  if (Stack.of(scope).bundlingRequired) {
    throw new Error(`Handler file not found: functions/${handler}.ts`);
  }
  Annotations.of(scope).addWarningV2(
    'sello:missing-handler',
    `functions/${handler}.ts does not exist yet (bundling skipped)`,
  );
  return fileURLToPath(import.meta.url);
}
