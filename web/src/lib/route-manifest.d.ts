/**
 * The route manifest that web/vite.config.ts (`routeManifest()`) generates from
 * shared/contract/routes.ts at build time: per route id, only what the API client needs.
 */
declare module 'virtual:sello/route-manifest' {
  type Routes = import('../../../shared/contract/routes').Routes;
  const manifest: {
    readonly [Id in keyof Routes]: Pick<Routes[Id], 'method' | 'path' | 'auth'>;
  };
  export default manifest;
}
