import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import { API_FUNCTION_TIMEOUT_SECONDS } from '../../shared/contract/function-timeouts.js';
import type { RouteDef } from '../../shared/contract/routes.js';

export type LambdaHandler = (
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml)|text\/)/i;

/** The HTTP API payload format 2.0 event, as API Gateway builds it. */
export function toApiGatewayEvent(p: {
  req: IncomingMessage;
  url: URL;
  body: Buffer;
  route: RouteDef;
  params: Record<string, string>;
  claims: Record<string, string> | undefined;
  extraHeaders: Record<string, string>;
}): APIGatewayProxyEventV2WithJWTAuthorizer {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(p.req.headers)) {
    if (v === undefined) continue;
    headers[k.toLowerCase()] = Array.isArray(v) ? v.join(',') : v;
  }
  Object.assign(headers, p.extraHeaders);
  const query: Record<string, string> = {};
  for (const [k, v] of p.url.searchParams)
    query[k] = query[k] === undefined ? v : `${query[k]},${v}`;
  const contentType = headers['content-type'] ?? '';
  const isText = p.body.length === 0 || TEXT_TYPES.test(contentType);
  const now = new Date();
  const requestId = randomUUID();
  return {
    version: '2.0',
    routeKey: `${p.route.method} ${p.route.path}`,
    rawPath: p.url.pathname,
    rawQueryString: p.url.search.replace(/^\?/, ''),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(p.params).length ? p.params : undefined,
    body: p.body.length
      ? isText
        ? p.body.toString('utf8')
        : p.body.toString('base64')
      : undefined,
    isBase64Encoded: !isText,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: p.req.method ?? 'GET',
        path: p.url.pathname,
        protocol: `HTTP/${p.req.httpVersion}`,
        sourceIp: p.req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: `${p.route.method} ${p.route.path}`,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
      authorizer: {
        principalId: '',
        integrationLatency: 0,
        jwt: { claims: p.claims ?? {}, scopes: [] },
      },
    },
  } as APIGatewayProxyEventV2WithJWTAuthorizer;
}

/**
 * A route's Lambda timeout, the very number lib/ gives the function: the local gateway stops
 * waiting for the handler after it, as Lambda stops the function.
 */
export const ROUTE_TIMEOUT_MS = API_FUNCTION_TIMEOUT_SECONDS * 1_000;

/** The Context Lambda hands a function: its remaining time counts down from `timeoutMs`. */
export function lambdaContext(functionName: string, timeoutMs = ROUTE_TIMEOUT_MS): Context {
  const awsRequestId = randomUUID();
  const started = Date.now();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, timeoutMs - (Date.now() - started)),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** What `invoke` answers when the handler had not answered by its timeout. */
export const TIMED_OUT = Symbol('function timed out');

/**
 * Runs a route's handler as Lambda would: with a Context counting down from `timeoutMs`, and
 * stopped waiting for after it. Whatever the handler answers later is ignored (Lambda would
 * have killed it; here it runs on, unseen).
 */
export async function invoke(
  handler: LambdaHandler,
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  functionName: string,
  timeoutMs = ROUTE_TIMEOUT_MS,
): Promise<APIGatewayProxyStructuredResultV2 | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const killed = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
  });
  try {
    return await Promise.race([handler(event, lambdaContext(functionName, timeoutMs)), killed]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What API Gateway's HTTP API answers when its Lambda integration fails, a function that timed
 * out included: 500 {"message":"Internal Server Error"} ("Troubleshooting issues with HTTP API
 * Lambda integrations", https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-troubleshooting-lambda.html;
 * the 503 {"message":"Service Unavailable"} is only for the 30 s integration timeout, which a
 * 10 s function never reaches).
 */
export const FUNCTION_FAILED = { status: 500, body: { message: 'Internal Server Error' } } as const;

export function writeLambdaResult(res: ServerResponse, result: APIGatewayProxyStructuredResultV2) {
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(result.headers ?? {})) headers[k] = String(v);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body = result.body
    ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8')
    : Buffer.alloc(0);
  headers['content-length'] = String(body.length);
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(body);
}
