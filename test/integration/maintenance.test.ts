import { describe, expect, inject, it } from 'vitest';
import { api, freshIp } from '../support/client.js';

const stack = inject('stack');
const call = api(stack);
const verify = (body: unknown, ip = freshIp()) =>
  call('POST', '/api/maintenance/verify', { body, ip });

describe('POST /api/maintenance/verify', () => {
  it('grants with the configured code', async () => {
    const res = await verify({ code: stack.maintenanceCode });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ granted: true });
  });

  it('rejects a wrong code with the spec message', async () => {
    const res = await verify({ code: 'SELLO-WRONG' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: { code: 'FORBIDDEN', message: 'Código de acceso incorrecto' },
    });
  });

  it('rejects missing, malformed, oversized and non-JSON input with a Spanish message', async () => {
    const missing = await verify({});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      error: { code: 'VALIDATION', fields: { code: expect.any(String) } },
    });
    expect((await verify({ code: 12345 })).status).toBe(400);
    expect((await verify({ code: 'x'.repeat(500) })).status).toBe(400);
    const huge = await call('POST', '/api/maintenance/verify', {
      rawBody: JSON.stringify({ code: 'x'.repeat(20_000) }),
      headers: { 'content-type': 'application/json' },
      ip: freshIp(),
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ error: { message: 'La solicitud es demasiado grande.' } });
    const bad = await call('POST', '/api/maintenance/verify', {
      rawBody: '{"code":',
      headers: { 'content-type': 'application/json' },
      ip: freshIp(),
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).not.toMatch(/at .*\.ts|SyntaxError/);
  });

  it('limits guesses per client: the 11th attempt in 10 minutes is refused, even if right', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await verify({ code: `nope-${i}` }, ip)).status).toBe(403);
    const limited = await verify({ code: stack.maintenanceCode }, ip);
    expect(limited.status).toBe(429);
    // Another client is not affected.
    expect((await verify({ code: stack.maintenanceCode })).status).toBe(200);
  });

  it('counts an IPv6 client by its /64, and ignores a CloudFront-Viewer-Address the client sends', async () => {
    // A /64 of its own for this run (the stack lives across test files).
    const net = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
    for (let i = 1; i <= 10; i++) {
      expect((await verify({ code: `nope-${i}` }, `${net}::${i.toString(16)}`)).status).toBe(403);
    }
    // Another address of the same /64 is the same client.
    expect((await verify({ code: stack.maintenanceCode }, `${net}:ffff:1:2:3`)).status).toBe(429);
    // Naming another viewer address in the header changes nothing: CloudFront (here the
    // gateway) sets that header itself.
    const spoofed = await call('POST', '/api/maintenance/verify', {
      body: { code: stack.maintenanceCode },
      ip: `${net}::abcd`,
      headers: { 'cloudfront-viewer-address': `${freshIp()}:443` },
    });
    expect(spoofed.status).toBe(429);
    // The next /64 is another client.
    const next = `${net.slice(0, net.lastIndexOf(':'))}:${(Number.parseInt(net.slice(net.lastIndexOf(':') + 1), 16) ^ 1).toString(16)}`;
    expect((await verify({ code: stack.maintenanceCode }, `${next}::1`)).status).toBe(200);
  });
});
