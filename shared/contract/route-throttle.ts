import type { RouteDef, RouteThrottle } from './route-def.js';

/**
 * API Gateway's throttle of each route, for all callers together. It protects the cost behind
 * a route (Lambda concurrency, DynamoDB capacity, Stripe and provider quotas), not one client
 * from another: one address is limited at the edge (the WAF's rate rule, lib/edge-stack.ts) and
 * per account or address by the handlers (functions/platform/rate-limit.ts).
 *
 * Classes, from the cheapest to the most expensive route:
 * - public reads (catalogue, countries, plans): cached by nobody, cheap, called on every visit;
 * - signed-in routes: every screen of the app, scoped to the caller by the JWT authorizer;
 * - public writes (sign-up, password recovery, the gate code, delivery links): anyone may call
 *   them without an account, so they get less, and each also has its own per-address limit;
 * - admin routes: few callers;
 * - routes that parse uploaded files in a reader child (1 GB functions, seconds each).
 * A route that needs another value says so next to its definition (`throttle` in routes/).
 */
export const THROTTLE_CLASSES = {
  publicRead: { rate: 20, burst: 40 },
  user: { rate: 25, burst: 50 },
  publicWrite: { rate: 10, burst: 20 },
  admin: { rate: 10, burst: 20 },
  reader: { rate: 5, burst: 10 },
} as const satisfies Record<string, RouteThrottle>;

export type ThrottleClass = keyof typeof THROTTLE_CLASSES;

/** The class a route falls in by what it declares (auth level, method, reader). */
export function throttleClassOf(
  route: Pick<RouteDef, 'auth' | 'method' | 'access'>,
): ThrottleClass {
  if (route.access.reader) return 'reader';
  if (route.auth === 'admin') return 'admin';
  if (route.auth === 'user') return 'user';
  return route.method === 'GET' ? 'publicRead' : 'publicWrite';
}

/** The route's own throttle, else its class's. */
export function routeThrottle(
  route: Pick<RouteDef, 'auth' | 'method' | 'access' | 'throttle'>,
): RouteThrottle {
  return route.throttle ?? THROTTLE_CLASSES[throttleClassOf(route)];
}
