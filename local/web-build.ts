import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return dist;
  log('Compilando la aplicación web (vite build)...');
  const { build } = await import('vite');
  await build({ configFile: join(webDir, 'vite.config.ts'), logLevel: 'error' });
  return dist;
}
