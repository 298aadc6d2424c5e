import { describe, expect, it } from 'vitest';
import type { RouteDef } from './route-def.js';
import { routeThrottle, THROTTLE_CLASSES, throttleClassOf } from './route-throttle.js';
import { routeList } from './routes.js';

const base = { id: 'x', path: '/api/x', handler: 'x/y', summary: 'x' } as const;
const route = (over: Partial<RouteDef>): RouteDef => ({
  ...base,
  method: 'GET',
  auth: 'public',
  access: {},
  ...over,
});

describe('route throttles', () => {
  it('gives each class its default, the reader routes the lowest', () => {
    expect(throttleClassOf(route({ method: 'GET' }))).toBe('publicRead');
    expect(throttleClassOf(route({ method: 'POST' }))).toBe('publicWrite');
    expect(throttleClassOf(route({ auth: 'user', method: 'DELETE' }))).toBe('user');
    expect(throttleClassOf(route({ auth: 'admin' }))).toBe('admin');
    expect(throttleClassOf(route({ auth: 'user', method: 'POST', access: { reader: true } }))).toBe(
      'reader',
    );
    const rates = Object.values(THROTTLE_CLASSES).map((t) => t.rate);
    expect(Math.min(...rates)).toBe(THROTTLE_CLASSES.reader.rate);
    expect(THROTTLE_CLASSES.publicWrite.rate).toBeLessThan(THROTTLE_CLASSES.user.rate);
  });

  it("prefers the route's own throttle", () => {
    expect(routeThrottle(route({ throttle: { rate: 3, burst: 7 } }))).toEqual({
      rate: 3,
      burst: 7,
    });
    expect(routeThrottle(route({}))).toEqual(THROTTLE_CLASSES.publicRead);
  });

  it('gives every route of the table a positive rate and a burst at least as large', () => {
    for (const r of routeList) {
      const t = routeThrottle(r);
      expect(t.rate, r.id).toBeGreaterThan(0);
      expect(t.burst, r.id).toBeGreaterThanOrEqual(t.rate);
    }
  });

  it('keeps the file-parsing routes at the reader class', () => {
    for (const r of routeList.filter((x) => x.access.reader)) {
      expect(routeThrottle(r), r.id).toEqual(THROTTLE_CLASSES.reader);
    }
  });
});
