import { type Duration, NestedStack, Stack } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { routeThrottle } from '../shared/contract/route-throttle.js';
import type { RouteDef } from '../shared/contract/routes.js';
import { apiEs } from '../shared/messages/api.es.js';
import { ApiOriginWaf } from './api-origin-waf.js';
import { AppFunction, type AppResources, READER_FUNCTION_MEMORY_MB } from './app-function.js';
import { acknowledge } from './nag.js';
import { ROUTE_STACK_DESCRIPTIONS, type RouteStackName, routeStackOf } from './route-stacks.js';

/** The stage CloudFront forwards to: its origin path (lib/web.ts). */
export const API_STAGE_NAME = 'live';

/**
 * The scope of every Cognito access token (USER_PASSWORD_AUTH and refresh): asking for it makes
 * the REST API's Cognito authorizer accept access tokens and refuse ID tokens.
 */
export const ACCESS_TOKEN_SCOPE = 'aws.cognito.signin.user.admin';

export interface ApiProps {
  /** The route table (shared/contract/routes.ts): one Lambda and one API method per entry. */
  routes: readonly RouteDef[];
  resources: AppResources;
  /** The pool whose access tokens the authorizer accepts, and the app client they must name. */
  userPool: cognito.IUserPool;
  clientId: string;
  /** Variables every handler gets (APP_URL, LOG_LEVEL). */
  environment: Record<string, string>;
  timeout: Duration;
  /** The stage's default throttle; each route gets its own (shared/contract/route-throttle.ts). */
  throttle: { rateLimit: number; burstLimit: number };
  /**
   * The value CloudFront sends in `ORIGIN_VERIFY_HEADER`: the API's WAF lets through only
   * requests that carry it (lib/api-origin-waf.ts), and every function checks it again
   * (functions/platform/origin-guard.ts).
   */
  originSecret: secretsmanager.ISecret;
}

/** API Gateway's own answers (no function ran), in the API's error shape and in Spanish. */
const GATEWAY_RESPONSES: [apigw.ResponseType, string, number, string][] = [
  [apigw.ResponseType.UNAUTHORIZED, 'UNAUTHORIZED', 401, apiEs.unauthorized],
  [apigw.ResponseType.ACCESS_DENIED, 'FORBIDDEN', 403, apiEs.forbidden],
  // A path or method the route table does not have.
  [apigw.ResponseType.MISSING_AUTHENTICATION_TOKEN, 'NOT_FOUND', 404, apiEs.notFound],
  [apigw.ResponseType.THROTTLED, 'TOO_MANY_REQUESTS', 429, apiEs.tooManyRequests],
  [apigw.ResponseType.WAF_FILTERED, 'FORBIDDEN', 403, apiEs.originRefused],
  [apigw.ResponseType.DEFAULT_5XX, 'INTERNAL', 500, apiEs.internal],
];

/**
 * The API generated from the route table: a regional REST API behind CloudFront. REST rather
 * than HTTP API because only a REST API stage takes a regional WAF, which refuses every request
 * that did not come through CloudFront before a function runs (docs/security.md "Only through
 * CloudFront"). Functions receive the 1.0 payload, which the one middy stack turns into the
 * 2.0 shape the local gateway sends (functions/platform/rest-event.ts). Adding a route is an
 * entry in routes.ts plus its handler file: this construct needs no change.
 */
export class ApiConstruct extends Construct {
  readonly api: apigw.RestApi;
  readonly stage: apigw.Stage;
  readonly originWaf: ApiOriginWaf;
  readonly authorizer: apigw.CognitoUserPoolsAuthorizer;
  /** The one role API Gateway invokes the route functions with (see below). */
  readonly invokeRole: iam.Role;
  /** `{apiId}.execute-api.{region}.amazonaws.com`: the CloudFront origin. */
  readonly domainName: string;
  /** https://{domainName}/{stage}: reachable only with CloudFront's origin header. */
  readonly endpoint: string;
  readonly functions: Record<string, AppFunction> = {};
  readonly methods: Record<string, apigw.Method> = {};
  /** The nested stacks that hold the route functions, by name (lib/route-stacks.ts). */
  readonly routeStacks: Partial<Record<RouteStackName, NestedStack>> = {};

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
    });
    const methodOptions: Record<string, apigw.MethodDeploymentOptions> = {};
    for (const route of props.routes) {
      const { rate, burst } = routeThrottle(route);
      methodOptions[`${route.path}/${route.method}`] = {
        throttlingRateLimit: rate,
        throttlingBurstLimit: burst,
      };
    }

    this.api = new apigw.RestApi(this, 'RestApi', {
      restApiName: 'sello-api',
      description: 'Sello API (served to browsers through CloudFront under /api/*)',
      endpointTypes: [apigw.EndpointType.REGIONAL],
      // CloudFront compresses for the browser; the origin answers plain.
      cloudWatchRole: false,
      deployOptions: {
        stageName: API_STAGE_NAME,
        throttlingRateLimit: props.throttle.rateLimit,
        throttlingBurstLimit: props.throttle.burstLimit,
        methodOptions,
        accessLogDestination: new apigw.LogGroupLogDestination(accessLogs),
        // No source IP, no headers: DESIGN.md §3.10 keeps personal data out of logs.
        accessLogFormat: apigw.AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            method: '$context.httpMethod',
            resource: '$context.resourcePath',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            responseLatency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            error: '$context.error.message',
            waf: '$context.waf.status',
          }),
        ),
      },
    });
    this.stage = this.api.deploymentStage;
    const stack = Stack.of(this);
    this.domainName = `${this.api.restApiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
    this.endpoint = this.api.url;
    this.originWaf = new ApiOriginWaf(this, 'OriginWaf', {
      stage: this.stage,
      originSecret: props.originSecret,
    });

    for (const [type, code, status, message] of GATEWAY_RESPONSES) {
      this.api.addGatewayResponse(`Gateway${type.responseType}`, {
        type,
        statusCode: String(status),
        responseHeaders: { 'Cache-Control': "'no-store'" },
        templates: { 'application/json': JSON.stringify({ error: { code, message } }) },
      });
    }

    // One authorizer for 'user' and 'admin': API Gateway checks the token's signature, expiry,
    // issuer (the pool) and scope; the functions check the app client (rest-event.ts) and the
    // cognito:groups claim for admin routes.
    const authorizer = new apigw.CognitoUserPoolsAuthorizer(this, 'CognitoJwt', {
      cognitoUserPools: [props.userPool],
      identitySource: apigw.IdentitySource.header('Authorization'),
    });
    this.authorizer = authorizer;

    // API Gateway invokes every route function through this one role (the integrations'
    // credentials) instead of one Lambda permission per function: CloudFormation allows 500
    // resources per stack and the permissions were a tenth of them. The same guarantee holds:
    // only this API's guarded stage may assume the role (never the console's
    // test-invoke-stage), and the role may invoke the route functions and nothing else.
    this.invokeRole = new iam.Role(this, 'InvokeRole', {
      description: 'API Gateway invokes the Sello route functions (live stage only)',
      assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com', {
        conditions: {
          ArnLike: {
            // The stage by name, not by reference: the methods depend on this role, and the
            // stage on the methods' deployment.
            'aws:SourceArn': this.api.arnForExecuteApi('*', '/*', API_STAGE_NAME),
          },
        },
      }),
    });
    /** The route functions' ARNs, by the nested stack that holds them. */
    const invokable = new Map<NestedStack, string[]>();

    // The functions live in nested stacks by domain (lib/route-stacks.ts); the methods that
    // call them stay here with the API. CDK passes the table, bucket, secrets and app URL in as
    // the nested stacks' parameters and each function's ARN out as an output.
    const functionsIn = (route: RouteDef): Construct => {
      const name = routeStackOf(route);
      let nested = this.routeStacks[name];
      if (!nested) {
        nested = new NestedStack(this, name, { description: ROUTE_STACK_DESCRIPTIONS[name] });
        this.routeStacks[name] = nested;
      }
      return nested;
    };
    for (const route of props.routes) {
      const fn = new AppFunction(functionsIn(route), route.id, {
        handler: route.handler,
        description: `${route.method} ${route.path} (${route.id})`,
        environment: { ...props.environment, API_TOKEN_CLIENT_ID: props.clientId },
        timeout: props.timeout,
        // The reader child's heap (READ_LIMITS.childHeapMb) comes on top of the handler's own.
        memorySize: route.access.reader ? READER_FUNCTION_MEMORY_MB : undefined,
      });
      fn.bindAccess(route.access, props.resources);
      fn.bindSecret('ORIGIN_VERIFY_SECRET', props.originSecret);
      this.functions[route.id] = fn;
      const holder = Stack.of(fn) as NestedStack;
      invokable.set(holder, [...(invokable.get(holder) ?? []), fn.fn.functionArn]);

      const isPublic = route.auth === 'public';
      const method = this.api.root.resourceForPath(route.path).addMethod(
        route.method,
        new apigw.Integration({
          type: apigw.IntegrationType.AWS_PROXY,
          integrationHttpMethod: 'POST',
          uri: `arn:${stack.partition}:apigateway:${stack.region}:lambda:path/2015-03-31/functions/${fn.fn.functionArn}/invocations`,
          options: { credentialsRole: this.invokeRole },
        }),
        isPublic
          ? { authorizationType: apigw.AuthorizationType.NONE }
          : {
              authorizer,
              authorizationType: apigw.AuthorizationType.COGNITO,
              authorizationScopes: [ACCESS_TOKEN_SCOPE],
            },
      );
      this.methods[route.id] = method;

      if (isPublic) {
        acknowledge(
          method,
          ['AwsSolutions-APIG4', 'AwsSolutions-COG4'].map((ruleId) => ({
            id: ruleId,
            reason:
              `${route.id} is public in the route table (${route.summary}); the handler ` +
              'validates its input and rate-limits or checks a link token where it must.',
          })),
        );
      }
    }

    // The functions themselves, not `grantInvoke`'s `arn:*` versions and aliases: API Gateway
    // calls $LATEST, and the statement stays free of wildcards. One managed policy per nested
    // stack, next to its functions: a single inline policy naming every route outgrows IAM's
    // size limit (CDK then splits it and leaves an empty default policy behind).
    for (const [holder, arns] of invokable) {
      new iam.ManagedPolicy(holder, 'InvokeRouteFunctions', {
        description: `API Gateway may invoke the ${holder.node.id} functions`,
        roles: [this.invokeRole],
        statements: [
          new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: arns }),
        ],
      });
    }

    acknowledge(this.api, [
      {
        id: 'AwsSolutions-APIG2',
        reason:
          'Every function validates its body, query and path with the route table zod ' +
          'schemas and answers field errors in Spanish (functions/platform/http.ts).',
      },
    ]);
    acknowledge(this.stage, [
      {
        id: 'AwsSolutions-APIG6',
        reason:
          'Execution logs would write request data (personal data, link tokens) into logs; ' +
          'the JSON access log of every request and the functions own structured logs ' +
          'cover what operations need (DESIGN.md 3.10).',
      },
    ]);
  }
}
