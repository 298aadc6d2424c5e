import type { RouteDef } from '../../shared/contract/routes.js';

export interface CompiledRoute {
  route: RouteDef;
  pattern: RegExp;
  params: string[];
}

/** Turns `/api/orders/{id}` into a regex capturing each {param} (one path segment each). */
export function compileRoutes(routes: readonly RouteDef[]): CompiledRoute[] {
  return routes.map((route) => {
    const params: string[] = [];
    const source = route.path
      .split('/')
      .map((segment) => {
        const m = /^\{(\w+)\}$/.exec(segment);
        if (!m) return segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
        params.push(m[1] as string);
        return '([^/]+)';
      })
      .join('/');
    return { route, pattern: new RegExp(`^${source}$`), params };
  });
}

export type MatchResult =
  | { kind: 'match'; route: RouteDef; params: Record<string, string> }
  | { kind: 'not-found' };

/** Same answer API Gateway gives: an unknown method+path is a 404 "Not Found". */
export function matchRoute(compiled: CompiledRoute[], method: string, path: string): MatchResult {
  for (const c of compiled) {
    if (c.route.method !== method) continue;
    const m = c.pattern.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    c.params.forEach((name, i) => {
      params[name] = decodeURIComponent(m[i + 1] as string);
    });
    return { kind: 'match', route: c.route, params };
  }
  return { kind: 'not-found' };
}
