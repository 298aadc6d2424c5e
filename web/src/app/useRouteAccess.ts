import { useMatches } from 'react-router';
import { accessOf, type RouteAccess } from './routeAccess';

/** Access level of the current route (from the router's `handle` data). */
export function useRouteAccess(): RouteAccess {
  return accessOf(useMatches());
}
