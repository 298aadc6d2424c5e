import type { APIGatewayProxyEvent, APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { env } from './config.js';

type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;

/**
 * In AWS the API is a REST API (lib/api.ts: the only API Gateway type a regional WAF can guard,
 * so a call that skips CloudFront is refused before any function runs), which hands Lambda the
 * 1.0 payload; the local gateway hands the 2.0 payload of an HTTP API. Handlers read one shape
 * only: a 1.0 event is turned into the 2.0 one here, at the door of the one middy stack.
 */
export function isRestEvent(event: unknown): event is APIGatewayProxyEvent {
  const e = event as Partial<APIGatewayProxyEvent> | undefined;
  return typeof e?.httpMethod === 'string' && typeof e?.resource === 'string';
}

/** 2.0 joins a repeated header or query parameter with commas; names are lower case. */
function joined(
  single: Record<string, string | undefined> | null | undefined,
  multi: Record<string, string[] | undefined> | null | undefined,
  lower: boolean,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(single ?? {})) {
    if (v !== undefined) out[lower ? k.toLowerCase() : k] = v;
  }
  for (const [k, v] of Object.entries(multi ?? {})) {
    if (v?.length) out[lower ? k.toLowerCase() : k] = v.join(',');
  }
  return out;
}

/**
 * The REST API's Cognito authorizer hands every claim as a string, a list of groups as
 * "admin,notary" or "[admin notary]". Groups are names Sello creates (no commas, no spaces):
 * they become a real array here, which is what platform/auth-context.ts trusts. The authorizer
 * checks the pool, the signature, the expiry and the access token's scope, but not which app
 * client the token was issued to (the HTTP API's JWT authorizer checked the audience): a token of
 * any other client of the pool carries no caller.
 */
function claimsOf(event: APIGatewayProxyEvent): Record<string, unknown> | undefined {
  const claims = event.requestContext?.authorizer?.claims as Record<string, unknown> | undefined;
  if (!claims || typeof claims !== 'object') return undefined;
  const client = env().API_TOKEN_CLIENT_ID;
  if (client !== undefined && claims.client_id !== client) return undefined;
  const groups = claims['cognito:groups'];
  if (typeof groups !== 'string') return claims;
  const names = groups
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter((g) => g !== '');
  return { ...claims, 'cognito:groups': names };
}

/** The event as an HTTP API (2.0) event, whichever payload arrived. */
export function asHttpEvent(event: HttpEvent | APIGatewayProxyEvent): HttpEvent {
  if (!isRestEvent(event)) return event;
  const headers = joined(event.headers, event.multiValueHeaders, true);
  const query = joined(event.queryStringParameters, event.multiValueQueryStringParameters, false);
  const ctx = event.requestContext;
  const claims = claimsOf(event);
  const converted = {
    version: '2.0',
    routeKey: `${event.httpMethod} ${event.resource}`,
    rawPath: event.path,
    rawQueryString: new URLSearchParams(query).toString(),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: (event.pathParameters ?? undefined) as Record<string, string> | undefined,
    body: event.body ?? undefined,
    isBase64Encoded: event.isBase64Encoded,
    requestContext: {
      accountId: ctx.accountId,
      apiId: ctx.apiId,
      domainName: ctx.domainName ?? '',
      domainPrefix: ctx.domainPrefix ?? '',
      requestId: ctx.requestId,
      routeKey: `${event.httpMethod} ${event.resource}`,
      stage: ctx.stage,
      time: ctx.requestTime ?? '',
      timeEpoch: ctx.requestTimeEpoch,
      http: {
        method: event.httpMethod,
        path: event.path,
        protocol: ctx.protocol,
        sourceIp: ctx.identity?.sourceIp ?? 'unknown',
        userAgent: ctx.identity?.userAgent ?? '',
      },
      authorizer: { jwt: { claims: claims ?? {}, scopes: [] } },
    },
  };
  return converted as unknown as HttpEvent;
}
