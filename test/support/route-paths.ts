import type { RouteDef } from '../../shared/contract/route-def.js';

/**
 * How the generated route tests (test/integration/authorization*.test.ts) call a route from
 * the table: its path with each `{param}` taken from `params`, else the sample `sample-{param}`.
 */
export const routePath = (route: RouteDef, params: Record<string, string> = {}) =>
  route.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    encodeURIComponent(params[name] ?? `sample-${name}`),
  );

/** The body of a call that names no real data: none on a GET, `{}` otherwise. */
export const sampleBody = (route: RouteDef) => (route.method === 'GET' ? undefined : {});
