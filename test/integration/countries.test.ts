import { describe, expect, inject, it } from 'vitest';
import { api } from '../support/client.js';

const stack = inject('stack');
const call = api(stack);

describe('GET /api/countries', () => {
  it('lists only active countries, ordered by name, with currency and dial code', async () => {
    const res = await call<{ countries: { id: string; name: string; currency_code: string }[] }>(
      'GET',
      '/api/countries',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const names = res.body.countries.map((c) => c.name);
    expect(names).toEqual(['Argentina', 'Chile', 'Colombia', 'España', 'México', 'Perú']);
    expect(names).not.toContain('Uruguay');
    const chile = res.body.countries.find((c) => c.id === 'cl');
    expect(chile).toMatchObject({ code: 'CL', currency_code: 'CLP', dial_code: '+56' });
  });

  it('answers API Gateway 404 for an unknown path or method', async () => {
    expect((await call('GET', '/api/nope')).status).toBe(404);
    expect((await call('DELETE', '/api/countries')).status).toBe(404);
  });
});

describe('GET /api/geo', () => {
  it("returns the viewer's country from the CloudFront header, ignoring a client-sent one", async () => {
    const res = await call('GET', '/api/geo', { headers: { 'cloudfront-viewer-country': 'AR' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 'CL' });
  });
});
