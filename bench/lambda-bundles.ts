import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BuildOptions, build, type Metafile } from 'esbuild';
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
 * Lambda bundles: every handler of the route table, bundled the way lib/app-function.ts has CDK
 * bundle it (NodejsFunction → `esbuild --bundle`), then its size and its import (init) time in a
 * fresh `node` per sample, next to a minimal handler that does one DynamoDB GetItem through
 * @aws-sdk/lib-dynamodb, built the same way.
 *
 * Targets: every bundle < 1 MB, import time within 1.5x of the minimal handler.
 */

const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 5);
const MAX_BUNDLE_BYTES = 1024 * 1024;
const MAX_INIT_RATIO = 1.5;

/**
 * The esbuild options NodejsFunction derives from AppFunction's `bundling` (see
 * aws-cdk-lib/aws-lambda-nodejs/lib/bundling.js buildEsbuildArgs): `--bundle --target=node22
 * --platform=node --format=esm --outfile=index.mjs --minify --sourcemap
 * --sources-content=false --main-fields=module,main --banner:js=...`, and no `--external` at
 * all because `bundleAwsSDK: true` (the SDK is bundled, not taken from the runtime).
 */
const CDK_LIKE: BuildOptions = {
  bundle: true,
  target: 'node22',
  platform: 'node',
  format: 'esm',
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  banner: {
    js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
  },
  external: [],
  logLevel: 'warning',
  metafile: true,
  absWorkingDir: REPO_ROOT,
};

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
  POWERTOOLS_SERVICE_NAME: 'sello',
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
  bytes: number;
  /** Biggest contributors to the output, by package (or "(app)" for our own code). */
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

function contributors(meta: Metafile, outfile: string): { pkg: string; bytes: number }[] {
  const output = meta.outputs[relative(REPO_ROOT, outfile)];
  if (!output) return [];
  const byPkg = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const pkg = packageOf(input);
    byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + bytesInOutput);
  }
  return [...byPkg.entries()]
    .map(([pkg, bytes]) => ({ pkg, bytes }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 3);
}

async function bundle(
  name: string,
  outDir: string,
  source: { entry: string } | { contents: string },
): Promise<Bundle> {
  const file = join(outDir, name.replaceAll('/', '__'), 'index.mjs');
  const result = await build({
    ...CDK_LIKE,
    outfile: file,
    ...('entry' in source
      ? { entryPoints: [source.entry] }
      : { stdin: { contents: source.contents, resolveDir: REPO_ROOT, loader: 'js' } }),
  });
  return {
    name,
    file,
    bytes: statSync(file).size,
    top: contributors(result.metafile as Metafile, file),
    samples: [],
    noMapSamples: [],
  };
}

export async function run(): Promise<BenchResult> {
  heading('Lambda bundles (esbuild as CDK NodejsFunction: esm, minify, node22, SDK bundled)');
  const { dir, cleanup } = tempDir('lambda');
  try {
    const handlers = [...new Set(routeList.map((r) => r.handler))].sort();
    const minimal = await bundle('(minimal GetItem)', dir, { contents: MINIMAL_HANDLER });
    const bundles = [minimal];
    for (const handler of handlers) {
      bundles.push(
        await bundle(handler, dir, { entry: join(REPO_ROOT, 'functions', `${handler}.ts`) }),
      );
    }
    print(`Bundled ${handlers.length} handlers + the minimal one; importing each ${RUNS}x...`);
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
        ratio(b.bytes, minimal.bytes),
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
          'size/min',
          'init p50',
          'init min',
          'init max',
          'init/min',
          'no-map p50',
          'no-map/min',
          'targets',
          'largest contributors (bytes in output)',
        ],
        rows,
      ),
    );
    print();
    print(
      `init = median of ${RUNS} fresh \`node\` processes timing \`await import(bundle)\` with ` +
        `process.hrtime (NODE_OPTIONS=--enable-source-maps as deployed); ` +
        '"no-map" is the same import without --enable-source-maps (what the .map costs); ' +
        `targets: size < 1 MB and init <= ${MAX_INIT_RATIO}x the minimal GetItem handler.`,
    );
    return { name: 'lambda-bundles', summary };
  } finally {
    cleanup();
  }
}

runIfMain(import.meta.url, run);
