import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import type { RouteDef } from '../../shared/contract/routes.js';
import { es } from '../../shared/messages.es.js';
import { AppError } from './errors.js';
import { httpRoute } from './http.js';

const route = {
  id: 'testRoute',
  method: 'POST',
  path: '/api/test/{id}',
  auth: 'user',
  handler: 'test/test',
  summary: 'test',
  access: {},
  request: z.strictObject({ name: z.string().check(z.minLength(1, { error: es.api.required })) }),
  query: z.object({
    limit: z._default(z.pipe(z.coerce.number(), z.int().check(z.maximum(10))), 5),
  }),
  response: z.object({ ok: z.boolean() }),
  maxBodyBytes: 100,
} satisfies RouteDef;

const claims = { sub: 'user-1', token_use: 'access' };

function event(p: {
  body?: string;
  claims?: Record<string, unknown>;
  query?: Record<string, string>;
  base64?: boolean;
}) {
  return {
    version: '2.0',
    routeKey: 'POST /api/test/{id}',
    rawPath: '/api/test/7',
    headers: { 'Content-Type': 'application/json' },
    pathParameters: { id: '7' },
    queryStringParameters: p.query,
    body: p.body,
    isBase64Encoded: p.base64 ?? false,
    requestContext: {
      requestId: 'r1',
      http: { method: 'POST', sourceIp: '10.1.2.3' },
      authorizer: p.claims ? { jwt: { claims: p.claims, scopes: [] } } : undefined,
    },
  } as never;
}

const ctx = { awsRequestId: 'aws-1' } as never;
const parse = (res: { body?: string }) => JSON.parse(res.body ?? '{}');

describe('httpRoute', () => {
  it('validates body and query, passes params, caller and headers, answers JSON', async () => {
    const impl = vi.fn(async () => ({ ok: true }));
    const handler = httpRoute(route, impl);
    const res = await handler(
      event({ body: '{"name":"Ana"}', claims, query: { limit: '3' } }),
      ctx,
    );
    expect(res.statusCode).toBe(200);
    expect(parse(res)).toEqual({ ok: true });
    expect(res.headers?.['cache-control']).toBe('no-store');
    expect(impl).toHaveBeenCalledWith(
      expect.objectContaining({
        body: { name: 'Ana' },
        q: { limit: 3 },
        params: { id: '7' },
        caller: expect.objectContaining({ sub: 'user-1' }),
        headers: expect.objectContaining({ 'content-type': 'application/json' }),
        sourceIp: '10.1.2.3',
        rawBody: '{"name":"Ana"}',
      }),
    );
  });

  it('answers 401 before reading anything when a user route has no caller', async () => {
    const impl = vi.fn();
    const res = await httpRoute(route, impl)(event({ body: '{"name":"Ana"}' }), ctx);
    expect(res.statusCode).toBe(401);
    expect(parse(res).error.message).toBe(es.api.unauthorized);
    expect(impl).not.toHaveBeenCalled();
  });

  it('maps bad input to 400 with Spanish field messages', async () => {
    const handler = httpRoute(route, async () => ({ ok: true }));
    const missing = await handler(event({ body: '{"name":""}', claims }), ctx);
    expect(missing.statusCode).toBe(400);
    expect(parse(missing).error).toMatchObject({
      code: 'VALIDATION',
      message: es.api.required,
      fields: { name: es.api.required },
    });
    const badJson = await handler(event({ body: '{name', claims }), ctx);
    expect(parse(badJson).error).toMatchObject({ code: 'BAD_JSON', message: es.api.badJson });
    const badQuery = await handler(
      event({ body: '{"name":"A"}', claims, query: { limit: '99' } }),
      ctx,
    );
    expect(badQuery.statusCode).toBe(400);
    const tooBig = await handler(
      event({ body: JSON.stringify({ name: 'x'.repeat(200) }), claims }),
      ctx,
    );
    expect(tooBig.statusCode).toBe(413);
    expect(parse(tooBig).error.message).toBe(es.api.payloadTooLarge);
    const base64 = await handler(
      event({ body: Buffer.from('{"name":"B"}').toString('base64'), base64: true, claims }),
      ctx,
    );
    expect(base64.statusCode).toBe(200);
  });

  it("answers zod's own issues in Spanish too: wrong types and unknown fields", async () => {
    const handler = httpRoute(route, async () => ({ ok: true }));
    const wrongType = await handler(event({ body: '{"name":5}', claims }), ctx);
    expect(parse(wrongType).error.fields).toEqual({
      name: 'Entrada inválida: se esperaba texto, recibido número',
    });
    const unknown = await handler(event({ body: '{"name":"A","isAdmin":true}', claims }), ctx);
    expect(unknown.statusCode).toBe(400);
    expect(parse(unknown).error.fields).toEqual({ _: 'Campo no permitido: isAdmin' });
  });

  it('maps domain errors to their status and hides unexpected ones', async () => {
    const conflict = await httpRoute(route, async () => {
      throw new AppError('INSUFFICIENT_CREDITS', es.api.insufficientCredits);
    })(event({ body: '{"name":"A"}', claims }), ctx);
    expect(conflict.statusCode).toBe(422);
    expect(parse(conflict).error.message).toBe(es.api.insufficientCredits);

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const crash = await httpRoute(route, async () => {
      throw new TypeError('secret internals at line 42');
    })(event({ body: '{"name":"A"}', claims }), ctx);
    expect(crash.statusCode).toBe(500);
    expect(crash.body).not.toContain('secret internals');
    expect(parse(crash).error).toEqual({ code: 'INTERNAL', message: es.api.internal });
  });
});
