import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type InlineConfig, type Rollup } from 'vite';
import {
  type BenchResult,
  heading,
  kb,
  mark,
  print,
  REPO_ROOT,
  ratio,
  runIfMain,
  type SummaryRow,
  table,
  tempDir,
} from './common.js';

/**
 * SPA weight: builds web/ with its own vite.config.ts (outDir in a temp folder) and adds up,
 * per route group, the gzip size of the JS and CSS a first visit needs: the entry chunk, the
 * chunks its start-up imports (main.tsx imports React, the vendor chunk and core in turn), all
 * their static imports, plus the chunks of the lazily loaded modules that serve the route
 * (RootLayout's AppShell for every non-bare path, then the page from app/router.tsx) and their
 * static imports. A module is found in whichever chunk Rollup put it (AppShell is in core). Next to it, a bare React page: one component, built by Vite the same way.
 *
 * Targets: `/` < 200 KB gzip; the signer's `/sign/*` and `/firmar/*`, and the sealed
 * documents' `/verificar/*` and `/descargar/*`, < 170 KB gzip, no Amplify code in their chunks, and pdf.js and signature_pad only in lazy chunks (the signing screen
 * loads them when a document or a signature pad shows).
 */

/** web/src/app/router.tsx and RootLayout.tsx: which lazy modules a first visit to a path loads. */
const APP_SHELL = 'src/app/AppShell.tsx';
/**
 * Dynamically imported by SessionProvider (lib/session/session.tsx) when it mounts in a browser
 * that holds a stored session, or at a login; a visitor without one never loads it.
 */
const AUTH_CHUNK = 'src/lib/session/amplify.ts';

interface RouteGroup {
  path: string;
  /** Lazy modules (paths under the Vite root) the route renders, besides the entry. */
  lazy: string[];
  /** gzip budget in bytes, if the route has a target. */
  budget?: number;
  /** The route must not pull in the auth library. */
  noAmplify?: boolean;
  /** Libraries that must stay out of the route's first load (loaded lazily later). */
  lazyOnly?: readonly LazyLibrary[];
}

interface LazyLibrary {
  name: string;
  /** Strings that survive minification (property names, messages) and mark the library. */
  markers: readonly string[];
}

/** The signing screen's heavy libraries (web/src/features/signing: PdfPages, SignatureField). */
const SIGNER_LAZY: readonly LazyLibrary[] = [
  { name: 'pdfjs-dist', markers: ['pdfjsVersion', 'PDFWorker'] },
  { name: 'signature_pad', markers: ['beginStroke'] },
];
const SIGNING_PAGE = 'src/features/signing/SigningPage.tsx';
const VERIFY_PAGE = 'src/features/verify/VerifyPage.tsx';
const DELIVERY_PAGE = 'src/features/verify/DeliveryPage.tsx';

const GROUPS: RouteGroup[] = [
  { path: '/', lazy: [APP_SHELL, 'src/features/home/HomePage.tsx'], budget: 200 * 1024 },
  {
    // Bare layout (app/paths.ts isBareLayoutPath): no AppShell, the signing screen.
    path: '/sign/*',
    lazy: [SIGNING_PAGE],
    budget: 170 * 1024,
    noAmplify: true,
    lazyOnly: SIGNER_LAZY,
  },
  {
    // The alternative signing link (after a second-factor unlock): same page, same rules.
    path: '/firmar/*',
    lazy: [SIGNING_PAGE],
    budget: 170 * 1024,
    noAmplify: true,
    lazyOnly: SIGNER_LAZY,
  },
  {
    // The sealed documents' public pages (bare layout): a printed code, a delivery mail.
    path: '/verificar/*',
    lazy: [VERIFY_PAGE],
    budget: 170 * 1024,
    noAmplify: true,
    lazyOnly: SIGNER_LAZY,
  },
  {
    path: '/descargar/*',
    lazy: [DELIVERY_PAGE],
    budget: 170 * 1024,
    noAmplify: true,
    lazyOnly: SIGNER_LAZY,
  },
  { path: '/dashboard', lazy: [APP_SHELL, 'src/features/home/DashboardPage.tsx'] },
  { path: '/auth/confirm', lazy: [APP_SHELL, 'src/features/auth/pages/ConfirmEmailPage.tsx'] },
  { path: '/login', lazy: [APP_SHELL, 'src/features/auth/pages/LoginPage.tsx'] },
];

const AMPLIFY_MARKERS = ['aws-amplify', '@aws-amplify'];

interface Asset {
  file: string;
  raw: number;
  gzip: number;
  amplify: boolean;
  text: string;
}

class Built {
  private readonly assets = new Map<string, Asset>();
  private readonly chunks = new Map<string, Rollup.OutputChunk>();

  constructor(
    readonly outDir: string,
    chunks: Rollup.OutputChunk[],
  ) {
    for (const c of chunks) this.chunks.set(c.fileName, c);
  }

  asset(file: string): Asset {
    let a = this.assets.get(file);
    if (!a) {
      const bytes = readFileSync(join(this.outDir, file));
      const text = bytes.toString('utf8');
      a = {
        file,
        raw: bytes.length,
        gzip: gzipSync(bytes).length,
        amplify: AMPLIFY_MARKERS.some((m) => text.includes(m)),
        text,
      };
      this.assets.set(file, a);
    }
    return a;
  }

  /** The entry chunk and the chunks its start-up imports (dynamically, in turn). */
  start(): string[] {
    const entry = [...this.chunks.values()].find((c) => c.isEntry);
    if (!entry) throw new Error('no entry chunk in the build');
    return [entry.fileName, ...entry.dynamicImports];
  }

  /** The chunk holding this module (a path under the Vite root), if it is in the build. */
  chunkOf(module: string): string | undefined {
    return [...this.chunks.values()].find((c) =>
      c.moduleIds.some((id) => id.endsWith(`/${module}`)),
    )?.fileName;
  }

  /** The chunk of each module (which must be in the build). */
  chunksOf(modules: readonly string[]): string[] {
    return modules.map((m) => {
      const file = this.chunkOf(m);
      if (!file) throw new Error(`${m} is in no chunk of the build (router changed?)`);
      return file;
    });
  }

  /** JS and CSS files of these chunks and everything they import statically. */
  closure(fileNames: readonly string[]): Set<string> {
    const files = new Set<string>();
    const visit = (fileName: string) => {
      if (files.has(fileName)) return;
      const chunk = this.chunks.get(fileName);
      if (!chunk) throw new Error(`${fileName} is not a chunk of the build`);
      files.add(fileName);
      for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
      for (const dep of chunk.imports) visit(dep);
    };
    for (const fileName of fileNames) visit(fileName);
    return files;
  }

  /** Files among these that carry any of the markers. */
  marked(files: Iterable<string>, markers: readonly string[]): string[] {
    return [...files].filter((f) => markers.some((m) => this.asset(f).text.includes(m)));
  }

  /** Whether any file of the whole build carries the markers (so the check can see them). */
  anyMarked(markers: readonly string[]): boolean {
    return [...this.chunks.keys()].some((file) => this.marked([file], markers).length > 0);
  }

  weigh(files: Iterable<string>): { raw: number; gzip: number; amplify: string[] } {
    let raw = 0;
    let gzip = 0;
    const amplify: string[] = [];
    for (const f of files) {
      const a = this.asset(f);
      raw += a.raw;
      gzip += a.gzip;
      if (a.amplify) amplify.push(f);
    }
    return { raw, gzip, amplify };
  }
}

async function viteBuild(config: InlineConfig, outDir: string): Promise<Built> {
  const output = await build({
    ...config,
    mode: 'production',
    logLevel: 'warn',
    build: {
      ...config.build,
      outDir,
      emptyOutDir: true,
      rollupOptions: {
        // Rollup's notes about misplaced /* @__PURE__ */ comments in dependencies are noise here.
        onwarn(warning, warn) {
          if (warning.code !== 'INVALID_ANNOTATION') warn(warning);
        },
      },
    },
  });
  const outputs = (Array.isArray(output) ? output : [output]) as Rollup.RollupOutput[];
  const chunks = outputs
    .flatMap((o) => o.output)
    .filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  return new Built(outDir, chunks);
}

/** A one-component React app in a temp folder (node_modules linked from the repository). */
async function buildBareReact(dir: string): Promise<Built> {
  const root = join(dir, 'bare');
  mkdirSync(join(root, 'src'), { recursive: true });
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><body><div id="root"></div>' +
      '<script type="module" src="/src/main.jsx"></script></body></html>',
  );
  writeFileSync(
    join(root, 'src/main.jsx'),
    [
      "import { StrictMode } from 'react';",
      "import { createRoot } from 'react-dom/client';",
      'function Hello() { return <h1>Hola</h1>; }',
      "createRoot(document.getElementById('root')).render(<StrictMode><Hello /></StrictMode>);",
    ].join('\n'),
  );
  return viteBuild(
    { configFile: false, root, plugins: [react()], build: { target: 'es2022' } },
    join(dir, 'bare-dist'),
  );
}

export async function run(): Promise<BenchResult> {
  heading('SPA weight (vite build of web/, initial JS+CSS per route, gzip)');
  const { dir, cleanup } = tempDir('spa');
  try {
    print('Building web/ with web/vite.config.ts...');
    const app = await viteBuild(
      { configFile: join(REPO_ROOT, 'web/vite.config.ts') },
      join(dir, 'web-dist'),
    );
    print('Building the bare React page...');
    const bare = await buildBareReact(dir);
    const bareWeight = bare.weigh(bare.closure(bare.start()));

    const start = app.start();
    const authChunk = app.chunkOf(AUTH_CHUNK);
    const authFiles = authChunk ? app.closure([authChunk]) : new Set<string>();
    const authMarked = [...authFiles].some((f) => app.asset(f).amplify);
    const summary: SummaryRow[] = [];
    const rows: string[][] = [];
    const details: string[] = [];
    for (const group of GROUPS) {
      const files = app.closure([...start, ...app.chunksOf(group.lazy)]);
      const w = app.weigh(files);
      // SessionProvider (in AppShell) imports the auth chunk on mount: loaded right after.
      const withAuth = group.lazy.includes(APP_SHELL)
        ? app.weigh(new Set([...files, ...authFiles]))
        : w;
      const sizeOk = group.budget === undefined || w.gzip < group.budget;
      const amplifyOk = !group.noAmplify || w.amplify.length === 0;
      const eager = (group.lazyOnly ?? []).map((lib) => ({
        lib,
        files: app.marked(files, lib.markers),
        seen: app.anyMarked(lib.markers),
      }));
      const lazyOk = eager.every((e) => e.files.length === 0);
      const met = sizeOk && amplifyOk && lazyOk;
      rows.push([
        group.path,
        String(files.size),
        kb(w.raw),
        kb(w.gzip),
        ratio(w.gzip, bareWeight.gzip),
        kb(withAuth.gzip),
        w.amplify.length ? 'yes' : 'no',
        group.budget === undefined ? '-' : `< ${kb(group.budget)}`,
        group.budget === undefined && !group.noAmplify && !group.lazyOnly ? '-' : mark(met),
      ]);
      const largest = [...files]
        .map((f) => app.asset(f))
        .sort((a, b) => b.gzip - a.gzip)
        .slice(0, 4)
        .map((a) => `${a.file} ${kb(a.gzip)}`);
      details.push(`${group.path}: ${largest.join(', ')}`);
      if (group.budget !== undefined) {
        summary.push({
          bench: 'spa',
          subject: `${group.path} initial gzip`,
          value: kb(w.gzip),
          reference: `bare React ${kb(bareWeight.gzip)}`,
          target: `< ${kb(group.budget)}`,
          met: sizeOk,
        });
      }
      for (const e of eager) {
        summary.push({
          bench: 'spa',
          subject: `${group.path} without ${e.lib.name}`,
          value: e.files.length ? `${e.lib.name} in ${e.files.join(', ')}` : 'lazy only',
          reference: `marker check ${e.seen ? 'finds' : 'does NOT find'} it in the build`,
          target: `${e.lib.name} not in the first load`,
          met: e.files.length === 0,
        });
      }
      if (group.noAmplify) {
        summary.push({
          bench: 'spa',
          subject: `${group.path} without Amplify`,
          value: w.amplify.length ? `Amplify in ${w.amplify.join(', ')}` : 'no Amplify',
          reference: `marker check ${authMarked ? 'finds' : 'does NOT find'} it in the auth chunk`,
          target: 'no aws-amplify',
          met: amplifyOk,
        });
      }
    }
    rows.push([
      '(bare React page)',
      String(bare.closure(bare.start()).size),
      kb(bareWeight.raw),
      kb(bareWeight.gzip),
      '1.00x',
      '-',
      'no',
      '-',
      '-',
    ]);
    print();
    print(
      table(
        [
          'route',
          'files',
          'raw',
          'gzip',
          'gzip/bare',
          'gzip + auth chunk',
          'amplify',
          'target',
          'met',
        ],
        rows,
      ),
    );
    print();
    print('Largest files (gzip) per route:');
    for (const d of details) print(`  ${d}`);
    print();
    const entryFiles = app.closure(start);
    const authWeight = app.weigh([...authFiles].filter((f) => !entryFiles.has(f)));
    print(
      `"gzip" = entry + the start-up's chunks + static imports + AppShell (non-bare paths) + the route's lazy page and ` +
        `their static imports (zlib default level). "gzip + auth chunk" adds ${AUTH_CHUNK} ` +
        `(${kb(authWeight.gzip)} gzip beyond the entry), which SessionProvider imports when AppShell ` +
        `mounts for a browser with a stored session (a signed-in user), or at a login. Amplify markers (${AMPLIFY_MARKERS.join(', ')}) found in the auth chunk: ` +
        `${authMarked ? 'yes' : 'no'} (so the signer routes' check can see it).`,
    );
    return { name: 'spa-weight', summary };
  } finally {
    cleanup();
  }
}

runIfMain(import.meta.url, run);
