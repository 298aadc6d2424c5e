import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Metafile } from 'esbuild';
import { buildHandler, initClosure } from '../lib/handler-build.js';
import { routeList } from '../shared/contract/routes.js';
import {
  type BenchResult,
  heading,
  kb,
  mark,
  median,
  ms,
  print,
  REPO_ROOT,
  ratio,
  runIfMain,
  type SummaryRow,
  table,
  tempDir,
} from './common.js';

/**
 * Lambda bundles: every handler of the route table, bundled the way CDK bundles it (the very
 * same `handlerBuildOptions` of lib/handler-build.ts: esbuild with code splitting and the
 * pure-contract plugin, `index.mjs` plus chunks), then its size and its import (init) time in a fresh `node` per sample, next to a
 * minimal handler that does one DynamoDB GetItem through @aws-sdk/lib-dynamodb, built the same
 * way. Init is the import of index.mjs, which reads index.mjs and the chunks it imports
 * statically; chunks reached only through `import()` (SDKs loaded on first use) are not read.
 *
 * Targets: every handler's code (all its .mjs files) < 1 MB, import time within 1.5x of the
 * minimal handler.
 */

const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 5);
/** Only handlers whose name matches this regular expression (all when unset). */
const ONLY = process.env.BENCH_HANDLERS ? new RegExp(process.env.BENCH_HANDLERS) : undefined;
const MAX_BUNDLE_BYTES = 1024 * 1024;
const MAX_INIT_RATIO = 1.5;

/** The smallest useful handler: one GetItem, client created once per container like db.ts. */
const MINIMAL_HANDLER = `
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
let client;
export const handler = async (event) => {
  client ??= DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const res = await client.send(
    new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: event.pk, sk: 'META' } }),
  );
  return res.Item ?? null;
};
`;

/** What Lambda would have in the environment; handlers may read some of it at import. */
const LAMBDA_ENV: Record<string, string> = {
  PATH: process.env.PATH ?? '',
  AWS_REGION: 'us-east-1',
  AWS_DEFAULT_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  AWS_LAMBDA_FUNCTION_NAME: 'bench',
  SERVICE_NAME: 'sello',
  LOG_LEVEL: 'INFO',
  // AppFunction sets this for every function; with it Node reads the .map at load.
  NODE_OPTIONS: '--enable-source-maps',
  TABLE_NAME: 'sello-bench',
  BUCKET_NAME: 'sello-bench',
  MAIL_FROM: 'no-reply@example.com',
  USER_POOL_ID: 'us-east-1_bench',
  USER_POOL_CLIENT_ID: 'bench',
  MAINTENANCE_ACCESS_CODE: 'SELLO-BENCH',
  APP_URL: 'https://example.com',
};

/** Imports the bundle in a new process and returns the import's own duration (ms). */
const IMPORT_SCRIPT =
  'const t = process.hrtime.bigint(); const m = await import(process.argv[1]);' +
  "if (typeof m.handler !== 'function') throw new Error('no handler export');" +
  'process.stdout.write(String(Number(process.hrtime.bigint() - t) / 1e6));';

function importTimeMs(file: string, sourceMaps = true): number {
  const env = sourceMaps ? LAMBDA_ENV : { ...LAMBDA_ENV, NODE_OPTIONS: '' };
  const out = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', IMPORT_SCRIPT, pathToFileURL(file).href],
    { env, encoding: 'utf8' },
  );
  if (out.status !== 0) throw new Error(`importing ${file} failed:\n${out.stderr}`);
  return Number(out.stdout);
}

interface Bundle {
  name: string;
  file: string;
  /** Every .mjs file of the bundle (what is deployed, without the maps). */
  bytes: number;
  /** index.mjs and the chunks it imports statically: what a cold start reads. */
  initBytes: number;
  /** Files of the bundle, and how many of them a cold start reads. */
  files: number;
  initFiles: number;
  /** Biggest contributors to the init files, by package (or "(app)" for our own code). */
  top: { pkg: string; bytes: number }[];
  samples: number[];
  /** Same import without --enable-source-maps: how much of init the .map costs. */
  noMapSamples: number[];
}

function packageOf(input: string): string {
  const at = input.lastIndexOf('node_modules/');
  if (at < 0) return '(app)';
  const m = /^node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input.slice(at));
  return m?.[1] ?? '(app)';
}

function contributors(meta: Metafile, files: readonly string[]): { pkg: string; bytes: number }[] {
  const byPkg = new Map<string, number>();
  for (const file of files) {
    for (const [input, { bytesInOutput }] of Object.entries(meta.outputs[file]?.inputs ?? {})) {
      const pkg = packageOf(input);
      byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + bytesInOutput);
    }
  }
  return [...byPkg.entries()]
    .map(([pkg, bytes]) => ({ pkg, bytes }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 3);
}

async function bundle(name: string, outRoot: string, entry: string): Promise<Bundle> {
  const outDir = join(outRoot, name.replaceAll('/', '__'));
  const meta = await buildHandler(entry, outDir);
  const file = join(outDir, 'index.mjs');
  const code = Object.keys(meta.outputs).filter((f) => f.endsWith('.mjs'));
  const init = initClosure(meta, relative(REPO_ROOT, file));
  const size = (files: readonly string[]) =>
    files.reduce((sum, f) => sum + (meta.outputs[f]?.bytes ?? 0), 0);
  return {
    name,
    file,
    bytes: size(code),
    initBytes: size(init),
    files: code.length,
    initFiles: init.length,
    top: contributors(meta, init),
    samples: [],
    noMapSamples: [],
  };
}

/**
 * The minimal handler as a file (code splitting needs real entry points), in a temp folder
 * whose node_modules links to the repository's so it resolves the same packages.
 */
function minimalEntry(dir: string): string {
  const root = join(dir, 'minimal-src');
  mkdirSync(root, { recursive: true });
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  const entry = join(root, 'handler.mjs');
  writeFileSync(entry, MINIMAL_HANDLER);
  return entry;
}

export async function run(): Promise<BenchResult> {
  heading(
    'Lambda bundles (lib/handler-build.ts: esm, code splitting, pure contract, minify, node22)',
  );
  const { dir, cleanup } = tempDir('lambda');
  try {
    const all = [...new Set(routeList.map((r) => r.handler))].sort();
    const entryOf = (handler: string) => join(REPO_ROOT, 'functions', `${handler}.ts`);
    // Routes whose handler is still being written have no file yet: nothing to measure.
    const written = all.filter((h) => existsSync(entryOf(h)));
    const handlers = written.filter((h) => !ONLY || ONLY.test(h));
    const missing = all.filter((h) => !written.includes(h));
    const minimal = await bundle('(minimal GetItem)', dir, minimalEntry(dir));
    const bundles = [minimal];
    for (const handler of handlers) bundles.push(await bundle(handler, dir, entryOf(handler)));
    print(`Bundled ${handlers.length} handlers + the minimal one; importing each ${RUNS}x...`);
    if (missing.length) {
      print(`Not written yet, skipped (${missing.length}): ${missing.join(', ')}`);
    }
    // One warm-up import each (file cache), then rounds interleaved so drift hits all alike.
    for (const b of bundles) importTimeMs(b.file);
    for (let i = 0; i < RUNS; i++) {
      for (const b of bundles) {
        b.samples.push(importTimeMs(b.file));
        b.noMapSamples.push(importTimeMs(b.file, false));
      }
    }

    const minInit = median(minimal.samples);
    const summary: SummaryRow[] = [];
    const rows = bundles.map((b) => {
      const init = median(b.samples);
      const sizeOk = b.bytes < MAX_BUNDLE_BYTES;
      const initOk = init <= minInit * MAX_INIT_RATIO;
      if (b !== minimal) {
        summary.push(
          {
            bench: 'lambda',
            subject: `${b.name} size`,
            value: kb(b.bytes),
            reference: `minimal ${kb(minimal.bytes)}`,
            target: '< 1024 KB',
            met: sizeOk,
          },
          {
            bench: 'lambda',
            subject: `${b.name} init`,
            value: `${ms(init)} (${ratio(init, minInit)})`,
            reference: `minimal ${ms(minInit)}`,
            target: `<= ${MAX_INIT_RATIO}x minimal`,
            met: initOk,
          },
        );
      }
      return [
        b.name,
        kb(b.bytes),
        `${kb(b.initBytes)} (${b.initFiles}/${b.files})`,
        ratio(b.initBytes, minimal.initBytes),
        ms(init),
        ms(Math.min(...b.samples)),
        ms(Math.max(...b.samples)),
        ratio(init, minInit),
        ms(median(b.noMapSamples)),
        ratio(median(b.noMapSamples), median(minimal.noMapSamples)),
        b === minimal ? '-' : mark(sizeOk && initOk),
        b.top.map((t) => `${t.pkg} ${kb(t.bytes)}`).join(', '),
      ];
    });
    print();
    print(
      table(
        [
          'handler',
          'size',
          'init size (files)',
          'init size/min',
          'init p50',
          'init min',
          'init max',
          'init/min',
          'no-map p50',
          'no-map/min',
          'targets',
          'largest contributors to init (bytes in output)',
        ],
        rows,
      ),
    );
    print();
    print(
      'size = every .mjs file of the bundle (without maps); init size = index.mjs and the ' +
        'chunks it imports statically (files read at init / all files). ' +
        `init = median of ${RUNS} fresh \`node\` processes timing \`await import(index.mjs)\` ` +
        `with process.hrtime (NODE_OPTIONS=--enable-source-maps as deployed); ` +
        '"no-map" is the same import without --enable-source-maps (what the .map costs); ' +
        `targets: size < 1 MB and init <= ${MAX_INIT_RATIO}x the minimal GetItem handler.`,
    );
    return { name: 'lambda-bundles', summary };
  } finally {
    cleanup();
  }
}

runIfMain(import.meta.url, run);
