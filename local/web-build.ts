import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Newest modification time under a folder (skipping build output and dependencies). */
function newest(dir: string): number {
  let max = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules' || entry.name.startsWith('.'))
      continue;
    const p = join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return max;
}

/**
 * Builds the SPA into web/dist with Vite's API when the sources changed since the last build,
 * so a restart of `npm start` does not pay for an unchanged build.
 */
export async function buildWebIfStale(root: string, log: (m: string) => void): Promise<string> {
  const webDir = join(root, 'web');
  const dist = join(webDir, 'dist');
  const index = join(dist, 'index.html');
  const sources = Math.max(
    newest(webDir),
    newest(join(root, 'shared')),
    statSync(join(root, 'package-lock.json')).mtimeMs,
  );
  const marker = join(root, 'node_modules', '.cache', 'sello-web-build.json');
  const fresh =
    existsSync(index) &&
    statSync(index).mtimeMs >= sources &&
    existsSync(marker) &&
    readFileSync(marker, 'utf8') === BUILD_ID;
  if (fresh) return dist;
  log('Compilando la aplicación web (vite build)...');
  const { build } = await import('vite');
  // The production bundle, as CloudFront serves it, whoever starts the stack. Vite takes the
  // bundle's NODE_ENV from the process, and vitest (the e2e stack) sets it to 'test', which
  // would ship React's development build (StrictMode's double effects, slower renders).
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(webDir, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'error',
    });
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
  mkdirSync(dirname(marker), { recursive: true });
  writeFileSync(marker, BUILD_ID);
  return dist;
}

/** What the cached build in web/dist was made as (an older build, made as 'test', is redone). */
const BUILD_ID = JSON.stringify({ nodeEnv: 'production', version: 1 });
