import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build, type Metafile } from 'esbuild';
import { pureContractPlugin } from './pure-contract-plugin.js';

/** Repository root: handler entries are `functions/<handler>.ts` below it. */
export const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * The esbuild options of every handler bundle: CDK (lib/app-function.ts), the local stack's
 * bundled mode (local/handlers.ts) and bench/lambda-bundles.ts all build with these.
 * `entry` becomes `index.mjs` in `outdir`, exporting `handler`.
 *
 * Code splitting is the point of building this way rather than with NodejsFunction (which
 * bundles one file with --outfile and cannot split): a module the handler loads with
 * `await import()` (the Cognito, SES and Stripe SDKs, the AWS SDK's credential providers)
 * becomes a chunk of its own that Node reads only when the code first runs that import, so a
 * cold start parses just the handler's static import graph. The pure-contract plugin then
 * drops the schemas and routes of the domain that this handler does not use.
 */
export function handlerBuildOptions(entry: string, outdir: string): BuildOptions {
  return {
    entryPoints: { index: entry },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    // .mjs: Lambda loads index.mjs (and its chunks) as ES modules without a package.json.
    outExtension: { '.js': '.mjs' },
    target: 'node22',
    platform: 'node',
    minify: true,
    sourcemap: true,
    // Maps point at file:line without embedding the sources: smaller bundle, faster init.
    sourcesContent: false,
    // ESM builds of dependencies first (better tree shaking), CJS as fallback.
    mainFields: ['module', 'main'],
    // CJS dependencies bundled into ESM files still call require(); give each file one.
    banner: {
      js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
    },
    // No `external`: the AWS SDK is bundled too, so the versions that run are the ones the
    // tests ran against.
    absWorkingDir: REPO_ROOT,
    logLevel: 'warning',
    plugins: [pureContractPlugin()],
  };
}

/** The module through which a handler parses untrusted bytes in a child process. */
export const READER_CLIENT = 'functions/platform/reader/read-in-child.ts';
/** The child's program (functions/platform/reader/reader-main.ts). */
const READER_ENTRY = 'functions/platform/reader/reader-main.ts';
/** Where the reader program lands inside a handler's bundle: `reader/reader.mjs`. */
export const READER_DIR = 'reader';

/**
 * Bundles one handler entry into `outdir` (index.mjs, chunks, maps); returns the handler's
 * metafile. A handler that reads uploaded files (its bundle includes READER_CLIENT) also gets
 * the reader program, built on its own into `outdir/reader/`: the parsers (pdf.js, mammoth,
 * the seal's PDF library) ship only beside the functions that read, and even there the
 * handler never loads them; only the child process does.
 */
export async function buildHandler(entry: string, outdir: string): Promise<Metafile> {
  const result = await build({ ...handlerBuildOptions(entry, outdir), metafile: true });
  const meta = result.metafile as Metafile;
  if (READER_CLIENT in meta.inputs) await buildReader(join(outdir, READER_DIR));
  return meta;
}

/** The reader program alone (`reader.mjs` and the parser chunks it loads per task). */
export async function buildReader(outdir: string): Promise<Metafile> {
  const result = await build({
    ...handlerBuildOptions(join(REPO_ROOT, READER_ENTRY), outdir),
    entryPoints: { reader: join(REPO_ROOT, READER_ENTRY) },
    metafile: true,
  });
  return result.metafile as Metafile;
}

/**
 * Output files (metafile keys, relative to the repository) that importing `entry` loads: its
 * static import closure, i.e. what a cold start reads. Chunks reached only through `import()`
 * are left out.
 */
export function initClosure(meta: Metafile, entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of meta.outputs[file]?.imports ?? []) {
      if (imp.kind === 'import-statement' && !imp.external) visit(imp.path);
    }
  };
  visit(entry);
  return [...seen];
}
