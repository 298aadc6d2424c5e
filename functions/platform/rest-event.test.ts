import type { APIGatewayProxyEvent } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import type { RouteDef } from '../../shared/contract/routes.js';
import { resetConfigCache } from './config.js';
import { httpRoute } from './http.js';
import { asHttpEvent, isRestEvent } from './rest-event.js';

/** A REST API (payload 1.0) event as API Gateway sends it behind the Cognito authorizer. */
function restEvent(claims?: Record<string, string>): APIGatewayProxyEvent {
  return {
    resource: '/api/test/{id}',
    path: '/api/test/7',
    httpMethod: 'POST',
    headers: { 'Content-Type': 'application/json', 'CloudFront-Viewer-Address': '203.0.113.9:443' },
    multiValueHeaders: {
      'Content-Type': ['application/json'],
      'CloudFront-Viewer-Address': ['203.0.113.9:443'],
      Accept: ['text/html', 'application/json'],
    },
    queryStringParameters: { tag: 'b' },
    multiValueQueryStringParameters: { tag: ['a', 'b'] },
    pathParameters: { id: '7' },
    stageVariables: null,
    body: '{"name":"Ana"}',
    isBase64Encoded: false,
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc123',
      authorizer: claims ? { claims } : null,
      httpMethod: 'POST',
      identity: { sourceIp: '130.176.0.1', userAgent: 'Amazon CloudFront' },
      path: '/live/api/test/7',
      protocol: 'HTTP/1.1',
      requestId: 'req-1',
      requestTimeEpoch: 1,
      resourceId: 'res',
      resourcePath: '/api/test/{id}',
      stage: 'live',
    },
  } as unknown as APIGatewayProxyEvent;
}

const access = { sub: 'user-1', token_use: 'access', client_id: 'app-client' };

afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigCache();
});

describe('a REST API event', () => {
  it('is told apart from an HTTP API one, which passes unchanged', () => {
    expect(isRestEvent(restEvent())).toBe(true);
    const v2 = asHttpEvent(restEvent());
    expect(isRestEvent(v2)).toBe(false);
    expect(asHttpEvent(v2)).toBe(v2);
  });

  it('becomes the 2.0 shape: lower-case headers, repeated values joined, path and source', () => {
    const e = asHttpEvent(restEvent());
    expect(e.headers).toMatchObject({
      'content-type': 'application/json',
      'cloudfront-viewer-address': '203.0.113.9:443',
      accept: 'text/html,application/json',
    });
    expect(e.queryStringParameters).toEqual({ tag: 'a,b' });
    expect(e.rawQueryString).toBe('tag=a%2Cb');
    expect(e.rawPath).toBe('/api/test/7');
    expect(e.pathParameters).toEqual({ id: '7' });
    expect(e.requestContext.http).toMatchObject({ method: 'POST', sourceIp: '130.176.0.1' });
    expect(e.requestContext.routeKey).toBe('POST /api/test/{id}');
  });

  it("hands the authorizer's claims on, groups in either string form as an array", () => {
    for (const groups of ['admin,notary', '[admin notary]']) {
      const e = asHttpEvent(restEvent({ ...access, 'cognito:groups': groups }));
      expect(e.requestContext.authorizer.jwt.claims['cognito:groups']).toEqual(['admin', 'notary']);
    }
    const single = asHttpEvent(restEvent({ ...access, 'cognito:groups': 'admin' }));
    expect(single.requestContext.authorizer.jwt.claims['cognito:groups']).toEqual(['admin']);
  });

  it('carries no caller when the token was issued to another app client', () => {
    vi.stubEnv('API_TOKEN_CLIENT_ID', 'app-client');
    resetConfigCache();
    expect(asHttpEvent(restEvent(access)).requestContext.authorizer.jwt.claims.sub).toBe('user-1');
    const other = asHttpEvent(restEvent({ ...access, client_id: 'other-client' }));
    expect(other.requestContext.authorizer.jwt.claims).toEqual({});
  });
});

const route = {
  id: 'testRoute',
  method: 'POST',
  path: '/api/test/{id}',
  auth: 'admin',
  handler: 'test/test',
  summary: 'test',
  access: {},
  request: z.object({ name: z.string() }),
} satisfies RouteDef;

describe('httpRoute with a REST API event', () => {
  it('runs the route with the caller, the viewer address and the body', async () => {
    const impl = vi.fn(async () => ({ ok: true }));
    const res = await httpRoute(route, impl)(
      restEvent({ ...access, 'cognito:groups': 'admin' }) as never,
      { awsRequestId: 'aws-1' } as never,
    );
    expect(res.statusCode).toBe(200);
    expect(impl).toHaveBeenCalledWith(
      expect.objectContaining({
        body: { name: 'Ana' },
        params: { id: '7' },
        caller: expect.objectContaining({ sub: 'user-1', isAdmin: true }),
        sourceIp: '203.0.113.9',
      }),
    );
  });

  it('answers 403 to an admin route for a caller without the group', async () => {
    const impl = vi.fn();
    const res = await httpRoute(route, impl)(restEvent(access) as never, {} as never);
    expect(res.statusCode).toBe(403);
    expect(impl).not.toHaveBeenCalled();
  });
});
