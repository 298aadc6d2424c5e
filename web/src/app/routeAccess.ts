/**
 * Who may open a route, declared as route `handle` data in the router. The check runs in the app
 * shell (a lazy chunk) so the router itself never imports the auth library.
 */
export type RouteAccess = 'public' | 'user' | 'admin';

export interface RouteHandle {
  access?: RouteAccess;
}

/** The deepest matched route that declares an access level wins; default public. */
export function accessOf(matches: readonly { handle?: unknown }[]): RouteAccess {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.access) return handle.access;
  }
  return 'public';
}

export type AccessDecision = 'allow' | 'wait' | 'login' | 'forbidden';

export function decideAccess(
  access: RouteAccess,
  status: 'loading' | 'signedIn' | 'signedOut',
  role: 'customer' | 'admin' | null | undefined,
): AccessDecision {
  if (access === 'public') return 'allow';
  if (status === 'loading') return 'wait';
  if (status === 'signedOut') return 'login';
  if (access === 'admin' && role !== 'admin') return 'forbidden';
  return 'allow';
}
