import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Annotations,
  AssetHashType,
  DockerImage,
  Duration,
  type ILocalBundling,
  Stack,
} from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { API_FUNCTION_TIMEOUT_SECONDS } from '../shared/contract/function-timeouts.js';
import type { CognitoAction, RouteAccess } from '../shared/contract/routes.js';
import { REPO_ROOT } from './handler-build.js';
import type { MailConstruct } from './mail.js';
import { acknowledge, nagRefName } from './nag.js';

export { REPO_ROOT };

const BUNDLE_CLI = fileURLToPath(new URL('./bundle-handler-cli.ts', import.meta.url));

export type Access = 'read' | 'write';

/** Everything a handler may be bound to; `bindAccess` picks what its `access` asks for. */
export interface AppResources {
  table: dynamodb.Table;
  bucket: s3.Bucket;
  mail: MailConstruct;
  userPoolArn: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Secrets Manager secrets by the name functions read them with (lib/secrets.ts). */
  secrets: Readonly<Record<string, secretsmanager.ISecret>>;
}

/**
 * Files a handler reads from disk at run time (the seal's TTF fonts), copied as they are into a
 * folder of its bundle. The bundle is built by esbuild in `SplitBundling` below, not by
 * NodejsFunction, so there is no `commandHooks.afterBundling`: `tryBundle` copies the files into
 * the asset folder itself once esbuild is done. The asset is hashed by its output, so a changed
 * file is a new asset. Lambda unpacks the asset at LAMBDA_TASK_ROOT (/var/task): the function's
 * `envVar` names `/var/task/<dir>`.
 */
export interface BundledFiles {
  /** Folder inside the bundle: `fonts`. */
  dir: string;
  /** Paths relative to the repository; each lands as `<dir>/<its file name>`. */
  sources: readonly string[];
  /** Environment variable given the folder's path in Lambda. */
  envVar: string;
}

/**
 * Memory of a function that parses uploads in a reader child (route access `reader`): the
 * child's 256 MB heap plus its code, on top of the handler's own ~150 MB. Lambda's CPU share
 * grows with memory too, which the reader's time budget needs.
 */
export const READER_FUNCTION_MEMORY_MB = 1024;

/** Where Lambda unpacks a function's code (its LAMBDA_TASK_ROOT). */
export const LAMBDA_TASK_ROOT = '/var/task';

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
  /** Files copied into the bundle (see `BundledFiles`). */
  files?: BundledFiles;
}

/**
 * One Lambda with the project's defaults: Node.js 22 on ARM, ESM bundle with code splitting
 * (minified, source maps; see `handlerBuildOptions` in lib/handler-build.ts), active tracing, its own one-month log group and its own role that starts with nothing
 * but writing to that log group. Grants are added only through the bind* helpers, so a
 * function's permissions are exactly what its route/job `access` declares.
 */
export class AppFunction extends Construct implements iam.IGrantable {
  readonly fn: lambda.Function;
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

    this.fn = new lambda.Function(this, 'Function', {
      code: handlerCode(this, props.handler, props.files),
      handler: 'index.handler',
      description: props.description ?? props.handler,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(API_FUNCTION_TIMEOUT_SECONDS),
      tracing: lambda.Tracing.ACTIVE,
      role: this.role,
      logGroup: this.logGroup,
      retryAttempts: props.retryAttempts,
      onFailure: props.onFailure,
      maxEventAge: props.maxEventAge,
      environment: {
        SERVICE_NAME: 'sello',
        LOG_LEVEL: 'INFO',
        NODE_OPTIONS: '--enable-source-maps',
        ...(props.files ? { [props.files.envVar]: `${LAMBDA_TASK_ROOT}/${props.files.dir}` } : {}),
        ...props.environment,
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
        findings: [`Resource::<${nagRefName(table, this)}>/index/*`],
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
          `Resource::<${nagRefName(bucket, this)}>/*`,
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

  /**
   * `<NAME>_SECRET_ARN` and secretsmanager:GetSecretValue/DescribeSecret on that one secret:
   * the function reads the value at run time (functions/platform/secret-values.ts), so it never
   * sits in the Lambda configuration.
   */
  bindSecret(name: string, secret: secretsmanager.ISecret): void {
    secret.grantRead(this);
    this.fn.addEnvironment(`${name}_SECRET_ARN`, secret.secretArn);
  }

  /** Wires everything a route/job `access` entry declares, and nothing else. */
  bindAccess(access: RouteAccess, resources: AppResources): void {
    if (access.table) this.bindTable(resources.table, access.table);
    if (access.bucket) this.bindBucket(resources.bucket, access.bucket);
    if (access.mail) this.bindMail(resources.mail);
    if (access.cognito?.length) this.bindUserPool(resources, access.cognito);
    for (const name of access.secrets ?? []) {
      const secret = resources.secrets[name];
      if (secret === undefined) {
        throw new Error(`${this.node.path}: secret ${name} is not provided by the stack`);
      }
      this.bindSecret(name, secret);
    }
  }
}

/**
 * Local bundling with esbuild from node_modules (no Docker on build machines). `entry` is a
 * field, relative to the repository, because CDK keys its asset cache on the JSON of the
 * bundling options: it must differ between handlers.
 */
class SplitBundling implements ILocalBundling {
  constructor(
    readonly entry: string,
    readonly files?: BundledFiles,
  ) {}

  tryBundle(outputDir: string): boolean {
    // esbuild runs plugins only asynchronously and CDK asks synchronously: build in a child.
    const out = spawnSync(
      process.execPath,
      ['--import', 'tsx', BUNDLE_CLI, resolve(REPO_ROOT, this.entry), outputDir],
      { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'inherit', 'pipe'] },
    );
    if (out.status !== 0) {
      // Fails the synth with esbuild's own messages.
      throw new Error(`bundling ${this.entry} failed:\n${out.stderr || out.error?.message}`);
    }
    if (this.files) {
      const dir = join(outputDir, this.files.dir);
      mkdirSync(dir, { recursive: true });
      for (const source of this.files.sources) {
        copyFileSync(resolve(REPO_ROOT, source), join(dir, basename(source)));
      }
    }
    return true;
  }
}

/**
 * The handler's code asset: functions/<handler>.ts bundled by `SplitBundling` into a folder
 * (index.mjs, its chunks and their maps), hashed by that output. Tests synthesize with
 * bundling skipped (context `aws:cdk:bundling-stacks: []`): then CDK neither bundles nor
 * fingerprints anything, and a handler that is still being written only leaves a warning. A
 * real synth/deploy bundles, and a missing handler fails it here.
 */
function handlerCode(scope: Construct, handler: string, files?: BundledFiles): lambda.Code {
  const entry = join('functions', `${handler}.ts`);
  if (!existsSync(join(REPO_ROOT, entry))) {
    if (Stack.of(scope).bundlingRequired) {
      throw new Error(`Handler file not found: ${entry}`);
    }
    Annotations.of(scope).addWarningV2(
      'sello:missing-handler',
      `${entry} does not exist yet (bundling skipped)`,
    );
  }
  // A file to copy that is missing fails every synth, bundled or not: it is a dependency's.
  for (const source of files?.sources ?? []) {
    if (!existsSync(resolve(REPO_ROOT, source))) {
      throw new Error(`${handler}: file to bundle not found: ${source}`);
    }
  }
  return lambda.Code.fromAsset(REPO_ROOT, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      local: new SplitBundling(entry, files),
      // Required by the type, never pulled: local bundling above always succeeds or throws.
      image: DockerImage.fromRegistry('sello/local-bundling-only'),
    },
  });
}
