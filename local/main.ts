import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { type RunningStack, repoRoot, startStack } from './stack.js';

/**
 * The local stack's command line (run by `npm start` through local/start.mjs):
 *   (no flag)     persistent data in .data/, SPA built and served at http://localhost:8080 (PORT)
 *   --dev         same API, the SPA from Vite with hot reload
 *   --ephemeral   in memory on free ports, for tests; prints one `SELLO_READY {json}` line
 *   --no-web      do not build or serve the SPA (API-only tests)
 *   --bundled     run the handlers from the bundles CDK deploys, not their sources (e2e)
 *   --verbose     show the emulators' own output
 */
const args = new Set(process.argv.slice(2));
const ephemeral = args.has('--ephemeral');
const dev = args.has('--dev');
const verbose = args.has('--verbose');
const log = (m: string) => (ephemeral ? process.stderr : process.stdout).write(`${m}\n`);

let stack: RunningStack | undefined;
let vite: ChildProcess | undefined;
let stopping = false;

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  if (!ephemeral) log('\nDeteniendo Sello local...');
  vite?.kill('SIGTERM');
  await stack?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
// Tests talk to us through a pipe: when the test runner goes away, so do we.
if (ephemeral) process.stdin.on('close', () => void shutdown(0)).resume();

async function main() {
  const port = ephemeral ? 0 : Number(process.env.PORT ?? 8080);
  const vitePort = Number(process.env.VITE_PORT ?? 5173);
  stack = await startStack({
    persistent: !ephemeral,
    port,
    serveWeb: !dev && !args.has('--no-web'),
    appOrigin: dev ? `http://localhost:${vitePort}` : undefined,
    verbose,
    bundledHandlers: args.has('--bundled'),
    log,
  });
  const { info } = stack;
  if (dev) {
    vite = spawn(
      process.execPath,
      [join(repoRoot, 'node_modules/vite/bin/vite.js'), '--config', 'web/vite.config.ts'],
      {
        cwd: repoRoot,
        stdio: 'inherit',
        env: {
          ...process.env,
          SELLO_GATEWAY_URL: `http://localhost:${port}`,
          VITE_PORT: String(vitePort),
        },
      },
    );
    vite.on('exit', (code) => void shutdown(code ?? 0));
  }
  if (ephemeral) {
    process.stdout.write(`SELLO_READY ${JSON.stringify(info)}\n`);
    return;
  }
  const pad = (s: string) => s.padEnd(10);
  log('');
  log(`  Sello está listo en      ${info.url}`);
  log(`  Correos enviados (SES)   ${info.mailViewerUrl}`);
  log(`  SMS enviados (FEA)       ${info.smsOutboxUrl}`);
  log(`  Simulador biométrico     ${info.biometricUrl} (RUT de prueba: README)`);
  log(`  Código de acceso         ${info.maintenanceCode}`);
  log('');
  log('  Cuentas de demostración:');
  for (const a of info.demoAccounts) log(`    ${pad(a.key)} ${a.email.padEnd(22)} ${a.password}`);
  log('');
  log('  Ctrl-C detiene todo.');
}

main().catch(async (err: unknown) => {
  console.error(`No se pudo iniciar Sello local: ${(err as Error).message}`);
  await shutdown(1);
});
