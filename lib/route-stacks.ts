import type { RouteDef } from '../shared/contract/route-def.js';

/**
 * Which nested stack holds a route's function, by the handler's domain folder (functions/{domain}/).
 * CloudFormation allows 500 resources per stack and counts a nested stack as one: each route
 * function brings its role, policy and log group (about 4 resources), so the functions live in
 * a few nested stacks by domain while the API's resources and methods stay in the app stack.
 * A new domain folder must be placed here: the synth fails rather than guess.
 */
const STACK_OF_DOMAIN: Record<string, RouteStackName> = {
  account: 'AccountRoutes',
  auth: 'AccountRoutes',
  countries: 'AccountRoutes',
  maintenance: 'AccountRoutes',
  profile: 'AccountRoutes',
  organizations: 'AccountRoutes',
  admin: 'AccountRoutes',
  credits: 'CreditsRoutes',
  features: 'CreditsRoutes',
  payments: 'CreditsRoutes',
  receipts: 'CreditsRoutes',
  catalog: 'OrdersRoutes',
  contacts: 'OrdersRoutes',
  documents: 'OrdersRoutes',
  orders: 'OrdersRoutes',
  notary: 'OrdersRoutes',
  notifications: 'OrdersRoutes',
  requests: 'OrdersRoutes',
  signing: 'SigningRoutes',
};

export type RouteStackName = 'AccountRoutes' | 'CreditsRoutes' | 'OrdersRoutes' | 'SigningRoutes';

/** The Spanish description each nested stack carries in the CloudFormation console. */
export const ROUTE_STACK_DESCRIPTIONS: Record<RouteStackName, string> = {
  AccountRoutes: 'Sello: funciones de cuenta, acceso, perfil, organizaciones y administración',
  CreditsRoutes: 'Sello: funciones de créditos, planes, pagos y boletas',
  OrdersRoutes: 'Sello: funciones de catálogo, documentos, solicitudes y pedidos',
  SigningRoutes: 'Sello: funciones de firma y entrega',
};

export function routeStackOf(route: Pick<RouteDef, 'id' | 'handler'>): RouteStackName {
  const domain = route.handler.split('/')[0] ?? '';
  const name = STACK_OF_DOMAIN[domain];
  if (!name) {
    throw new Error(
      `Route ${route.id}: handler folder "${domain}" has no nested stack in lib/route-stacks.ts`,
    );
  }
  return name;
}
