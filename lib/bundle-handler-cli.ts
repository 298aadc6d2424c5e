import { buildHandler } from './handler-build.js';

/**
 * `tsx lib/bundle-handler-cli.ts <entry> <outdir>`: one handler bundle. CDK's local bundling
 * must answer synchronously and esbuild runs plugins only in its asynchronous API, so
 * lib/app-function.ts runs this in a child process and waits for it.
 */
const [entry, outdir] = process.argv.slice(2);
if (!entry || !outdir) {
  console.error('usage: bundle-handler-cli <entry.ts> <outdir>');
  process.exit(2);
}
await buildHandler(entry, outdir);
