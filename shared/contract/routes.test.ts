import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jobs } from './jobs.js';
import { routeList, routes } from './routes.js';

describe('the route table', () => {
  it('has one entry per id and per method + path', () => {
    for (const [id, r] of Object.entries(routes)) expect(r.id).toBe(id);
    const keys = routeList.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps every path under /api with well-formed parameters', () => {
    for (const r of routeList) {
      expect(r.path).toMatch(/^\/api(\/([a-z0-9-]+|\{[a-zA-Z]+\}))+$/);
    }
  });

  it('points every route and job at an existing handler file', () => {
    for (const h of [...routeList.map((r) => r.handler), ...jobs.map((j) => j.handler)]) {
      expect(existsSync(new URL(`../../functions/${h}.ts`, import.meta.url)), h).toBe(true);
    }
  });

  it('declares who may call each route, and bodies only where a method carries one', () => {
    for (const r of routeList) {
      expect(['public', 'user', 'admin']).toContain(r.auth);
      if (r.method === 'GET') expect(r.request, r.id).toBeUndefined();
      if (r.rawBody) expect(r.request, r.id).toBeUndefined();
    }
  });

  it('never lets a client name an amount or a price', () => {
    const forbidden = /^(amount|price|credits|credits_amount|credits_per_unit|currency_amount)$/;
    // An admin's credits adjustment is the one place a person names an amount on purpose:
    // it is the admin's decision, booked with a reason, and no customer can reach it.
    for (const r of routeList.filter((route) => route.auth !== 'admin')) {
      const shape = (r.request as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      for (const field of Object.keys(shape))
        expect(field, `${r.id}.${field}`).not.toMatch(forbidden);
    }
  });
});
