import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHandler, initClosure, REPO_ROOT } from '../../lib/handler-build.js';
import { annotateContractModule } from '../../lib/pure-contract-plugin.js';
import { ORIGIN_VERIFY_HEADER } from '../../shared/contract/origin.js';
import { apiEs } from '../../shared/messages/api.es.js';

/**
 * The handler bundles as CDK builds them (lib/handler-build.ts). The e2e journeys run on these
 * very bundles (the e2e stack starts with --bundled); here, what the build itself promises.
 */

describe('the pure-contract plugin', () => {
  const out = annotateContractModule(
    [
      "import * as z from 'zod';",
      'type T = string;',
      'export const a = z.string().min(1);',
      'export const b = z.object({ x: a }).refine((v) => { check(v); return true; });',
      'z.config({});',
      'export function f() { return g(); }',
    ].join('\n'),
    'shared/contract/example.ts',
  );

  it('marks every call in a top-level initializer pure, nested ones included', () => {
    expect(out).toContain('export const a = /*@__PURE__*/ /*@__PURE__*/ z.string().min(1)');
    expect(out).toMatch(/export const b = \/\*@__PURE__\*\/ \/\*@__PURE__\*\/ z\.object\(/);
  });

  it('leaves function bodies and top-level statements as written', () => {
    expect(out).toContain('check(v);');
    expect(out).not.toMatch(/PURE__\*\/ check\(/);
    expect(out).toMatch(/^z\.config\(\{\}\);$/m);
    expect(out).toContain('return g();');
    expect(out).not.toMatch(/PURE__\*\/ g\(/);
  });

  it('strips the types like tsc', () => {
    expect(out).not.toContain('type T');
  });
});

describe('a handler bundle', () => {
  let dir: string;
  let meta: Metafile;
  let index: string;
  /** Text of index.mjs and the chunks it imports statically: what a cold start reads. */
  let initCode: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sello-bundle-'));
    meta = await buildHandler(join(REPO_ROOT, 'functions/orders/list-orders.ts'), dir);
    index = join(dir, 'index.mjs');
    const key = Object.keys(meta.outputs).find((f) => f.endsWith('/index.mjs')) as string;
    initCode = initClosure(meta, key)
      .map((f) => readFileSync(join(REPO_ROOT, f), 'utf8'))
      .join('\n');
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps its own route and drops the domain's other routes and schemas", () => {
    const ids = ['listOrders', 'payOrderWithCredits', 'createOrderCardIntent', 'resendSigningLink'];
    // (a list, not toContain: a failure would print the whole minified bundle)
    expect(ids.filter((id) => initCode.includes(`"${id}"`))).toEqual(['listOrders']);
  });

  it('carries only the Spanish texts the server uses, not the web-only ones', () => {
    // wizard/checkout texts are the screens' own (shared/messages/wizard.es.ts, checkout.es.ts).
    expect(initCode.includes('Sube tu documento, elige el servicio notarial')).toBe(false);
    expect(Object.keys(meta.inputs).some((f) => f.endsWith('shared/messages.es.ts'))).toBe(false);
  });

  it('loads as Lambda loads it and validates with the Spanish messages', () => {
    const script = `
      const { handler } = await import(process.argv[1]);
      const claims = { sub: 'u-1', token_use: 'access' };
      const event = (qs) => ({
        rawPath: '/api/orders', rawQueryString: '', headers: {}, queryStringParameters: qs,
        requestContext: { requestId: 'r', http: { method: 'GET', sourceIp: '127.0.0.1' },
          authorizer: { jwt: { claims, scopes: [] } } },
        isBase64Encoded: false,
      });
      const anonymous = await handler({ ...event({}), requestContext: { requestId: 'r',
        http: { method: 'GET', sourceIp: '127.0.0.1' } } }, { awsRequestId: 'a' });
      const invalid = await handler(event({ page_size: '7' }), { awsRequestId: 'b' });
      process.stdout.write(JSON.stringify({ anonymous, invalid }));`;
    const run = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', script, pathToFileURL(index).href],
      {
        encoding: 'utf8',
        env: { PATH: process.env.PATH, AWS_REGION: 'us-east-1', TABLE_NAME: 'sello-test' },
      },
    );
    expect(run.status, run.stderr).toBe(0);
    const { anonymous, invalid } = JSON.parse(run.stdout) as Record<
      string,
      { statusCode: number; body: string }
    >;
    expect(anonymous?.statusCode).toBe(401);
    expect(invalid?.statusCode).toBe(400);
    expect(JSON.parse(invalid?.body ?? '{}')).toMatchObject({
      error: { code: 'VALIDATION', fields: { page_size: 'Los datos enviados no son válidos.' } },
    });
  });

  it('refuses a request without the origin secret, before any other check', () => {
    const script = `
      const { handler } = await import(process.argv[1]);
      const event = (headers) => ({
        rawPath: '/api/orders', rawQueryString: '', headers, queryStringParameters: {},
        requestContext: { requestId: 'r', http: { method: 'GET', sourceIp: '127.0.0.1' } },
        isBase64Encoded: false,
      });
      const none = await handler(event({}), { awsRequestId: 'a' });
      const wrong = await handler(event({ '${ORIGIN_VERIFY_HEADER}': 'guess' }), { awsRequestId: 'b' });
      const right = await handler(event({ '${ORIGIN_VERIFY_HEADER}': 'the-secret' }), { awsRequestId: 'c' });
      process.stdout.write(JSON.stringify({ none, wrong, right }));`;
    const run = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', script, pathToFileURL(index).href],
      {
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          AWS_REGION: 'us-east-1',
          TABLE_NAME: 'sello-test',
          ORIGIN_VERIFY_SECRET: 'the-secret',
        },
      },
    );
    expect(run.status, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as Record<string, { statusCode: number; body: string }>;
    for (const refused of [out.none, out.wrong]) {
      expect(refused?.statusCode).toBe(403);
      expect(JSON.parse(refused?.body ?? '{}')).toEqual({
        error: { code: 'FORBIDDEN', message: apiEs.originRefused },
      });
    }
    // Through: then the JWT check of the route answers (no token here).
    expect(out.right?.statusCode).toBe(401);
  });

  it('reads Secrets Manager through a chunk of its own, not at cold start', () => {
    // (the SDK's service id; our code names only the chunk's exports)
    expect(initCode.includes('secretsmanager')).toBe(false);
    const chunks = Object.keys(meta.outputs).filter((f) =>
      readFileSync(join(REPO_ROOT, f), 'utf8').includes('secretsmanager'),
    );
    expect(chunks.length).toBeGreaterThan(0);
  });
});
