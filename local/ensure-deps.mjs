// Installs dependencies when node_modules is missing or older than package-lock.json.
// Uses only Node built-ins: it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lock = join(root, 'package-lock.json');
const stamp = join(root, 'node_modules', '.sello-deps');

function digest() {
  const h = createHash('sha256');
  h.update(readFileSync(join(root, 'package.json')));
  if (existsSync(lock)) h.update(readFileSync(lock));
  return h.digest('hex');
}

export function ensureDeps() {
  const want = digest();
  const have = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
  if (have === want && existsSync(join(root, 'node_modules', 'tsx'))) return;
  console.log('Instalando dependencias (npm install)...');
  const res = spawnSync('npm', ['install', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (res.status !== 0) {
    console.error('npm install falló');
    process.exit(res.status ?? 1);
  }
  writeFileSync(stamp, `${digest()}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) ensureDeps();
