import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { headerValues, inlineScriptHashes, securityHeaders } from '../../lib/security-headers.js';
import { CognitoSessions } from '../../local/gateway/cognito-sessions.js';
import { type Gateway, startGateway } from '../../local/gateway/server.js';
import type { FunctionLoader } from '../../local/handlers.js';
import { api } from '../support/client.js';

/**
 * The local gateway answers like CloudFront: the same security headers on every response (one
 * definition, lib/security-headers.ts) and the same compression (Brotli or gzip by
 * Accept-Encoding, files of 1,000 bytes or more of compressible types, Vary: Accept-Encoding).
 * A gateway of its own serves a small built SPA here; the run's stack shows the API side.
 */
const stack = inject('stack');
const DOCUMENTS = 'http://127.0.0.1:4568';
const INDEX = `<!doctype html><html><head><script>document.documentElement.dataset.theme='light';</script><script type="module" src="/assets/app-1.js"></script></head><body><div id="root"></div></body></html>`;
const APP_JS = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `palabra-${i}`))};\n`;

let web: string;
let gateway: Gateway;
beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'sello-gw-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), INDEX);
  writeFileSync(join(web, 'assets', 'app-1.js'), APP_JS);
  writeFileSync(join(web, 'assets', 'app-1.js.map'), '{"version":3}');
  writeFileSync(join(web, 'assets', 'small-1.css'), 'body{margin:0}');
  writeFileSync(join(web, 'assets', 'logo-1.png'), randomBytes(4000));
  const loadFunction = (async () => {
    throw new Error('no handlers in this test');
  }) as FunctionLoader;
  gateway = await startGateway({
    port: 0,
    webRoot: web,
    cognitoDoor: {
      endpoint: 'http://127.0.0.1:9',
      userPoolId: 'local_none',
      sessions: new CognitoSessions(),
    },
    verifyAccessToken: async () => undefined,
    loadFunction,
    runtimeConfig: { mode: 'local' },
    viewerCountry: '',
    documentsOrigin: DOCUMENTS,
  });
});
afterAll(async () => {
  await gateway?.close();
  rmSync(web, { recursive: true, force: true });
});

/** A raw GET (fetch would decode the body itself). */
function raw(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>(
    (resolve, reject) => {
      get(`${gateway.url}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers as Record<string, string>,
            body: Buffer.concat(chunks),
          }),
        );
      }).on('error', reject);
    },
  );
}

const expected = () =>
  headerValues(
    securityHeaders({ documentsOrigin: DOCUMENTS, scriptHashes: inlineScriptHashes(INDEX) }),
  );

describe('security headers', () => {
  it.each([
    ['the shell', '/'],
    ['an app route', '/firmar-documento'],
    ['a hashed asset', '/assets/app-1.js'],
    ['config.json', '/config.json'],
    ['an unknown API path', '/api/no-existe'],
  ])('are the shared definition on %s', async (_name, path) => {
    const res = await raw(path);
    for (const [name, value] of Object.entries(expected())) {
      expect(res.headers[name], name).toBe(value);
    }
  });

  it.each(['/sign/s1', '/firmar/s1', '/verificar/ABC123', '/descargar/o1'])(
    "send no Referer from the signer's page %s, the rest unchanged (CloudFront's signer behaviour)",
    async (path) => {
      const res = await raw(path);
      expect(res.status).toBe(200);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      for (const [name, value] of Object.entries(expected())) {
        if (name !== 'referrer-policy') expect(res.headers[name], name).toBe(value);
      }
    },
  );

  it("allow the shell's inline script by its hash, and follow a rebuilt index.html", async () => {
    const res = await raw('/');
    expect(res.headers['content-security-policy']).toContain(inlineScriptHashes(INDEX)[0]);
    const rebuilt = INDEX.replace("'light'", "'dark'");
    writeFileSync(join(web, 'index.html'), rebuilt);
    const after = await raw('/');
    expect(after.headers['content-security-policy']).toContain(inlineScriptHashes(rebuilt)[0]);
    writeFileSync(join(web, 'index.html'), INDEX);
  });

  it("are on the run stack's API answers too, naming its s3rver for the documents", async () => {
    const res = await api(stack)('GET', '/api/countries');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(
      headerValues(securityHeaders({ documentsOrigin: stack.endpoints.s3, scriptHashes: [] }))[
        'content-security-policy'
      ],
    );
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('compression like CloudFront', () => {
  const file = () => readFileSync(join(web, 'assets', 'app-1.js'));

  it('answers Brotli when accepted (preferred over gzip), with Vary', async () => {
    const res = await raw('/assets/app-1.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(file().length / 2);
    expect(brotliDecompressSync(res.body)).toEqual(file());
  });

  it('answers gzip when only gzip is accepted', async () => {
    const res = await raw('/assets/app-1.js', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body)).toEqual(file());
  });

  it('answers plain bytes without Accept-Encoding, or when br and gzip are refused', async () => {
    const cases: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'br;q=0, gzip;q=0, identity' },
    ];
    for (const headers of cases) {
      const res = await raw('/assets/app-1.js', headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.body).toEqual(file());
    }
  });

  it('leaves files under 1,000 bytes and binary types as they are', async () => {
    const css = await raw('/assets/small-1.css', { 'accept-encoding': 'br, gzip' });
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body.toString()).toBe('body{margin:0}');
    const png = await raw('/assets/logo-1.png', { 'accept-encoding': 'br, gzip' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers.vary).toBeUndefined();
    expect(png.body).toHaveLength(4000);
  });

  it('serves no source map (they are not published in AWS either)', async () => {
    const res = await raw('/assets/app-1.js.map');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body.toString()).toBe(INDEX);
  });
});
