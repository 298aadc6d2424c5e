// `npm start` / `npm run dev`: installs what is missing, then runs the local stack under tsx.
// Only Node built-ins here, since node_modules may not exist yet.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDeps } from './ensure-deps.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
ensureDeps();

const child = spawn(
  process.execPath,
  ['--import', 'tsx', join(root, 'local', 'main.ts'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => child.kill(sig));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
