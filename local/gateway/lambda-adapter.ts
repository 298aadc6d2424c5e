import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
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

/** The local Lambdas' timeout: the most API Gateway waits (the request deadline reads it). */
const LOCAL_TIMEOUT_MS = 30_000;

export function lambdaContext(functionName: string): Context {
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
    getRemainingTimeInMillis: () => LOCAL_TIMEOUT_MS - (Date.now() - started),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

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
