import './zod-locale.js';
import type { RouteDef } from './route-def.js';
import * as adminRoutes from './routes/admin.js';
import * as authRoutes from './routes/auth.js';
import * as catalogRoutes from './routes/catalog.js';
import * as countriesRoutes from './routes/countries.js';
import * as creditsRoutes from './routes/credits.js';
import * as documentsRoutes from './routes/documents.js';
import * as featuresRoutes from './routes/features.js';
import * as maintenanceRoutes from './routes/maintenance.js';
import * as notaryRoutes from './routes/notary.js';
import * as notificationsRoutes from './routes/notifications.js';
import * as ordersRoutes from './routes/orders.js';
import * as organizationsRoutes from './routes/organizations.js';
import * as paymentsRoutes from './routes/payments.js';
import * as profileRoutes from './routes/profile.js';
import * as receiptsRoutes from './routes/receipts.js';
import * as requestsRoutes from './routes/requests.js';
import * as signingRoutes from './routes/signing.js';

export type { AuthLevel, CognitoAction, HttpMethod, RouteAccess, RouteDef } from './route-def.js';

/**
 * THE route table. The CDK API construct, the local gateway, the generated authorization test,
 * docs/api.md and the web's typed API client are all built from this list: adding an operation
 * is one entry in its domain's file under routes/ plus its handler file. Handlers import their
 * route from that domain file, not from here, so each Lambda bundles only its own schemas.
 */
export const routes = {
  ...countriesRoutes,
  ...maintenanceRoutes,
  ...authRoutes,
  ...profileRoutes,
  ...creditsRoutes,
  ...featuresRoutes,
  ...paymentsRoutes,
  ...catalogRoutes,
  ...documentsRoutes,
  ...requestsRoutes,
  ...ordersRoutes,
  ...signingRoutes,
  ...receiptsRoutes,
  ...organizationsRoutes,
  ...adminRoutes,
  ...notaryRoutes,
  ...notificationsRoutes,
} as const;

export type Routes = typeof routes;
export type RouteId = keyof Routes;
/**
 * Every route, ordered by path then method: module namespaces list their keys in an order that
 * differs between runtimes, and the generated docs must not.
 */
export const routeList: readonly RouteDef[] = Object.values(
  routes as Record<string, RouteDef>,
).sort((a, b) => (a.path === b.path ? a.method.localeCompare(b.method) : a.path < b.path ? -1 : 1));
