import { type Duration, Stack } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { RouteDef } from '../shared/contract/routes.js';
import { AppFunction, type AppResources, READER_FUNCTION_MEMORY_MB } from './app-function.js';
import { acknowledge } from './nag.js';

export interface ApiProps {
  /** The route table (shared/contract/routes.ts): one Lambda and one API route per entry. */
  routes: readonly RouteDef[];
  resources: AppResources;
  /** Cognito issuer and the app client id the JWT must have been issued to. */
  issuerUrl: string;
  audience: string[];
  /** Variables every handler gets (APP_URL, LOG_LEVEL). */
  environment: Record<string, string>;
  timeout: Duration;
  throttle: apigwv2.ThrottleSettings;
  /**
   * The value CloudFront sends in `ORIGIN_VERIFY_HEADER`: every API function may read it and
   * refuses a request without it (functions/platform/origin-guard.ts).
   */
  originSecret: secretsmanager.ISecret;
}

/**
 * HTTP API generated from the route table. Adding a route is an entry in routes.ts plus its
 * handler file: this construct needs no change.
 */
export class ApiConstruct extends Construct {
  readonly api: apigwv2.HttpApi;
  readonly stage: apigwv2.HttpStage;
  /** `{apiId}.execute-api.{region}.amazonaws.com`: the CloudFront origin. */
  readonly domainName: string;
  readonly functions: Record<string, AppFunction> = {};
  readonly routes: Record<string, apigwv2.HttpRoute> = {};

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);

    this.api = new apigwv2.HttpApi(this, 'HttpApi', {
      description: 'Sello API (served to browsers through CloudFront under /api/*)',
      // Stage created below with access logs and throttling.
      createDefaultStage: false,
    });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
    });
    this.stage = new apigwv2.HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        // No source IP, no headers: DESIGN.md §3.10 keeps personal data out of logs.
        format: apigw.AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            responseLatency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });
    const stack = Stack.of(this);
    this.domainName = `${this.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;

    // One authorizer for 'user' and 'admin': API Gateway checks signature, expiry, issuer and
    // audience (Cognito access tokens carry client_id instead of aud, which it accepts). The
    // handler checks the cognito:groups claim for admin routes.
    const authorizer = new HttpJwtAuthorizer('CognitoJwt', props.issuerUrl, {
      jwtAudience: props.audience,
    });

    const functions = new Construct(this, 'Functions');
    for (const route of props.routes) {
      const fn = new AppFunction(functions, route.id, {
        handler: route.handler,
        description: `${route.method} ${route.path} (${route.id})`,
        environment: props.environment,
        timeout: props.timeout,
        // The reader child's heap (READ_LIMITS.childHeapMb) comes on top of the handler's own.
        memorySize: route.access.reader ? READER_FUNCTION_MEMORY_MB : undefined,
      });
      fn.bindAccess(route.access, props.resources);
      fn.bindSecret('ORIGIN_VERIFY_SECRET', props.originSecret);
      this.functions[route.id] = fn;

      const httpRoute = new apigwv2.HttpRoute(this, `Route${route.id}`, {
        httpApi: this.api,
        routeKey: apigwv2.HttpRouteKey.with(route.path, apigwv2.HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${route.id}Integration`, fn.fn),
        authorizer: route.auth === 'public' ? undefined : authorizer,
      });
      this.routes[route.id] = httpRoute;

      if (route.auth === 'public') {
        acknowledge(httpRoute, [
          {
            id: 'AwsSolutions-APIG4',
            reason:
              `${route.id} is public in the route table (${route.summary}); the handler ` +
              'validates its input and rate-limits or checks a link token where it must.',
          },
        ]);
      }
    }
  }
}
