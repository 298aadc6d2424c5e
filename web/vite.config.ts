import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { type RouteDef, routes } from '../shared/contract/routes.js';
import { prerenderShell } from './vite-prerender.js';

/**
 * The SPA. `npx vite build --config web/vite.config.ts` writes web/dist, which the local gateway
 * serves and the CDK web construct uploads. In dev, /api and /config.json go to the gateway.
 */
const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const gateway = process.env.SELLO_GATEWAY_URL ?? 'http://localhost:8080';
const port = Number(process.env.VITE_PORT ?? 5173);

const proxy = {
  '/api': { target: gateway, changeOrigin: true },
  '/config.json': { target: gateway, changeOrigin: true },
  '/cognito': { target: gateway, changeOrigin: true },
};

/** Virtual module with what the web API client needs of each route (lib/route-manifest.d.ts). */
export const ROUTE_MANIFEST_ID = 'virtual:sello/route-manifest';

/**
 * `virtual:sello/route-manifest`: `{ [route id]: { method, path, auth } }`, generated from the
 * shared route table whenever Vite (or Vitest's unit project) loads it, so it cannot drift and
 * nobody edits it. The client bundles this JSON instead of the table itself, whose zod schemas
 * it does not use. Vite bundles this config file with its imports, so the table is read here
 * at build time, and a change to a route file restarts the dev server like a config change.
 */
export function routeManifest(): Plugin {
  const resolvedId = `\0${ROUTE_MANIFEST_ID}`;
  return {
    name: 'sello-route-manifest',
    resolveId: (id) => (id === ROUTE_MANIFEST_ID ? resolvedId : undefined),
    load(id) {
      if (id !== resolvedId) return undefined;
      const manifest = Object.fromEntries(
        Object.entries(routes as Record<string, RouteDef>).map(([key, r]) => [
          key,
          { method: r.method, path: r.path, auth: r.auth },
        ]),
      );
      return `export default ${JSON.stringify(manifest)};\n`;
    },
  };
}

/**
 * Few chunks, because every request costs the main thread of a slow phone a few milliseconds
 * (measured with Lighthouse: 34 small chunks of the wizard cost more than their code's
 * evaluation). So:
 *  - `react`: React and ReactDOM, evaluated first and apart at start-up (main.tsx);
 *  - `vendor`: the router, the query cache, toasts and tslib, which change rarely;
 *  - `amplify`: the auth library, reached only through dynamic imports (lib/session): visitors
 *    without a stored session and the signer's /sign/* pages never load it;
 *  - `core`: what every screen shares: app/, lib/ (not the card payers, which bring Stripe,
 *    nor the Amplify client), components/ (not the PDF viewer), the theme, shared/messages and shared/rules. It
 *    imports no zod: the contract's schemas stay with the forms that use them;
 *  - `frame`: the pages' frame that RootLayout loads lazily (AppShell: header, sidebar, session,
 *    country, the gate), which the signer's and the public documents' bare pages never need;
 *  - every page (a lazy route) a chunk of its own, as Rollup splits them.
 */
const FRAME = [
  /\/web\/src\/layout\//,
  /\/web\/src\/app\/(AppShell|RouteGuard)\.tsx$/,
  /\/web\/src\/lib\/(session|country)\//,
  /\/web\/src\/features\/(maintenance\/MaintenanceGate|maintenance\/gateView|auth\/AuthModal\.tsx|country\/)/,
];
const CORE = [
  // The PDF page viewer stays with the two pages that draw PDFs (signing, the wizard).
  /\/web\/src\/(app\/|components\/(?!pdf-pages\/))/,
  /\/web\/src\/lib\/(?!payments\/(Stripe|Local)CardPayer)/,
  /\/web\/src\/features\/theme\//,
  /\/shared\/(messages|rules)\//,
  /\/shared\/messages\.es\.ts$/,
  // The work context's header (lib/api.ts sends it): no zod, a few lines.
  /\/shared\/contract\/work-context\.ts$/,
  /^\0virtual:sello\/route-manifest$/,
];

function manualChunks(id: string): string | undefined {
  if (!id.includes('/node_modules/')) {
    // What main.tsx imports statically (the shell's start, Vite's import helper) is a chunk
    // apart: were it in core, the entry would import core statically, and core could not be
    // evaluated in a later task of its own (main.tsx).
    if (/\/web\/src\/lib\/firstPaintShell\.ts$|^\0vite\/preload-helper/.test(id)) return 'boot';
    if (id.endsWith('/web/src/vendorStage.ts')) return 'vendor';
    // Our Amplify client goes with the library: left alone, Rollup put it into core, which
    // then imported the auth library statically.
    if (id.endsWith('/web/src/lib/session/amplify.ts')) return 'amplify';
    // The frame of the app's pages (header, sidebar, session, country, gate), which RootLayout
    // loads lazily: the signer's and the public documents' bare pages never need it.
    if (FRAME.some((re) => re.test(id))) return 'frame';
    return CORE.some((re) => re.test(id)) ? 'core' : undefined;
  }
  if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
  if (/\/node_modules\/(aws-amplify|@aws-amplify|@aws-crypto|@smithy|@aws-sdk)\//.test(id)) {
    return 'amplify';
  }
  // tslib's helpers serve the auth library and others (react-dropzone's file-selector): left
  // to Rollup they join the auth chunk, and the wizard would download and run all of Amplify.
  if (/\/node_modules\/(react-router|@tanstack|react-hot-toast|goober|tslib)\//.test(id)) {
    return 'vendor';
  }
  return undefined;
}

/**
 * V8's explicit compile hint (Chrome 136+; other engines ignore the comment): a chunk that
 * starts with `//# allFunctionsCalledOnLoad` has every function compiled as it loads, on the
 * streaming compiler's background thread, instead of each one on the main thread the first
 * time it is called. For the start-up chunks, whose code nearly all runs at start-up and in
 * the first render. Measured with Lighthouse (docs/performance.md): the blocking time of the
 * home and the wizard about halved (React's own evaluation was the longest task).
 */
const EAGER_CHUNKS = ['react', 'vendor', 'core', 'frame'];
function compileHints(): Plugin {
  return {
    name: 'sello-compile-hints',
    apply: 'build',
    // After minification (it drops comments), so after the file names' hashes: the hint changes
    // how V8 compiles, never what the code does, so the same name for both is harmless.
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk' && EAGER_CHUNKS.includes(file.name)) {
          file.code = `//# allFunctionsCalledOnLoad\n${file.code}`;
        }
      }
    },
  };
}

export default defineConfig({
  root: webRoot,
  publicDir: 'public',
  plugins: [
    react(),
    routeManifest(),
    prerenderShell(webRoot, () => [react(), routeManifest()]),
    compileHints(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // No source maps in the build: they are not published (lib/web.ts also leaves out any .map).
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // One stylesheet for the whole app (~15 KB gzip): the first-paint shell shows the gate,
    // the layout and the home page before any of their chunks loads, so their rules must be
    // there from the start, and later screens never wait for a stylesheet of their own.
    cssCodeSplit: false,
    // No runtime preloading of a lazy chunk's imports: Vite's helper adds a <link> per import
    // when import() is called, inside React's render of the lazy page (a long task on a slow
    // phone). The browser fetches those imports itself, and the start-up's chunks are
    // preloaded from index.html as the shell is painted (vite-prerender.ts, bootChunks).
    modulePreload: false,
    rollupOptions: { output: { manualChunks } },
  },
  server: {
    port,
    strictPort: true,
    proxy,
    fs: { allow: [repoRoot] },
  },
  preview: { port, strictPort: true, proxy },
});
