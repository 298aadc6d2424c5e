import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

/**
 * Vendor chunks that change rarely and are cached apart from our code. The auth library gets
 * its own chunk, reached only through dynamic imports (AppShell, auth pages): the signer's
 * /sign/* pages never load it (see app/RootLayout.tsx).
 */
function manualChunks(id: string): string | undefined {
  if (!id.includes('/node_modules/')) return undefined;
  if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
  if (id.includes('/node_modules/react-router/')) return 'router';
  if (id.includes('/node_modules/@tanstack/')) return 'query';
  if (/\/node_modules\/(react-hot-toast|goober)\//.test(id)) return 'toast';
  if (/\/node_modules\/(aws-amplify|@aws-amplify|@aws-crypto|@smithy|@aws-sdk)\//.test(id)) {
    return 'amplify';
  }
  return undefined;
}

export default defineConfig({
  root: webRoot,
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
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
