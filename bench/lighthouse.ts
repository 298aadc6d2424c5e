import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freshIp } from '../test/support/client.js';
import { spawnStack } from '../test/support/spawn-stack.js';
import {
  type BenchResult,
  heading,
  median,
  print,
  REPO_ROOT,
  runIfMain,
  type SummaryRow,
  table,
  tempDir,
} from './common.js';
import { type BenchPeople, benchPeople } from './lighthouse-visitors.js';

/**
 * First paint (issue 10 item 9): Lighthouse's mobile preset (simulated slow 4G and a 4x slower
 * CPU) on the SPA as production serves it: the production build behind the local gateway, which
 * compresses and sends the same headers as CloudFront. Three visits a new user makes:
 *
 *  - `/` the first time: the maintenance gate;
 *  - `/` once the access code was accepted (the stored flag): the home page;
 *  - `/firmar-documento` with the flag: the request wizard.
 *
 * And the visits of people who come from a link or an account (issue 20 item 12), made real on
 * the bench's own stack (bench/lighthouse-visitors.ts): a signer opening the link of a paid
 * order (`/sign/{id}?token=…`, no stored state), `/verificar` from a printed code, and
 * `/mis-pedidos` for a customer signed in (Amplify's stored session).
 *
 * Each runs RUNS times on a cold HTTP cache; the median is reported. Targets: performance score
 * at least 0.95 and LCP at most 2.0 s. Against a running stack: `SELLO_URL=http://localhost:8080
 * npx tsx bench/lighthouse.ts`; LIGHTHOUSE_RUNS, LIGHTHOUSE_VISITS and LIGHTHOUSE_DUMP below.
 */
/** Five, as Lighthouse's docs/variability.md advises: one run moves by ±0.05 on a shared VM. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PORT = 9333;
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--remote-debugging-port=${PORT}`,
];

interface Visit {
  name: string;
  /** The path, or how to make it from the bench's people (a real signing link). */
  path: string | ((people: BenchPeople) => string);
  /** localStorage the visitor already has (kept: Lighthouse is told not to reset storage). */
  storage: Record<string, string> | ((people: BenchPeople) => Record<string, string>);
  /** How it appears in the table (a signing link's token is not printed). */
  label?: string;
  /** LCP target in ms: 2.0 s for the first visits (issue 10), 1.5 s for these (issue 20). */
  lcpTarget?: number;
}

const GRANTED = { maintenance_access: 'granted' };
const ALL_VISITS: Visit[] = [
  { name: 'gate', path: '/', storage: {} },
  { name: 'home', path: '/', storage: GRANTED },
  { name: 'wizard', path: '/firmar-documento', storage: GRANTED },
  {
    name: 'signer',
    path: (p) => p.signerLink,
    storage: {},
    label: '/sign/{id}?token=…',
    lcpTarget: 1500,
  },
  { name: 'verify', path: '/verificar', storage: {}, lcpTarget: 1500 },
  { name: 'orders', path: '/mis-pedidos', storage: (p) => p.signedIn, lcpTarget: 1500 },
];
/** The visits that need a real order and account, made on the bench's own stack. */
const NEEDS_PEOPLE = ['signer', 'orders'];
/** LIGHTHOUSE_VISITS=wizard,home measures only those (while working on one screen). */
const ONLY = process.env.LIGHTHOUSE_VISITS?.split(',');
const VISITS = ONLY ? ALL_VISITS.filter((v) => ONLY.includes(v.name)) : ALL_VISITS;

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  lcpElement: string;
  /** Lighthouse's measure of the host CPU at the run (environment.benchmarkIndex). */
  cpu: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function run(): Promise<BenchResult> {
  heading(`Lighthouse, mobile preset (median of ${RUNS} runs per visit)`);
  const external = process.env.SELLO_URL;
  // The production build, made here into a folder of its own and served from there
  // (local/stack.ts, SELLO_WEB_DIST): the stack's own rebuild of web/dist, when a source
  // changed, must fit its start-up timeout, and another edit in the tree would start it again.
  const build = external || process.env.SELLO_WEB_DIST ? undefined : await buildWeb();
  const stack = external ? undefined : await spawnStack([]);
  const base = external ?? stack?.info.url ?? '';
  // Against a running stack the bench has no handle on its table and mail store.
  const visits = external ? VISITS.filter((v) => !NEEDS_PEOPLE.includes(v.name)) : VISITS;
  if (visits.length < VISITS.length)
    print("SELLO_URL: the signer and orders visits need the bench's own stack; skipped.");
  const profile = tempDir('lighthouse');
  const context = await chromium.launchPersistentContext(profile.dir, {
    executablePath: CHROME,
    args: FLAGS,
    headless: true,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    const rows: string[][] = [];
    const summary: SummaryRow[] = [];
    const people =
      stack && visits.some((v) => NEEDS_PEOPLE.includes(v.name))
        ? await benchPeople(stack.info, page)
        : undefined;
    for (const visit of visits) {
      const samples: Figures[] = [];
      const need = <T>(v: T | ((p: BenchPeople) => T)): T => {
        if (typeof v !== 'function') return v;
        if (!people) throw new Error(`${visit.name} needs the bench's own stack`);
        return (v as (p: BenchPeople) => T)(people);
      };
      const path = need(visit.path);
      const storage = need(visit.storage);
      const label = `${visit.name} ${visit.label ?? path}`;
      for (let i = 0; i < RUNS; i++) {
        // The visitor's storage, then a cold HTTP cache: only storage carries over.
        await page.goto(`${base}/robots.txt`);
        await page.evaluate((items) => {
          // Runs in the page: its globalThis is the window.
          const storage = (
            globalThis as unknown as {
              localStorage: { clear(): void; setItem(k: string, v: string): void };
            }
          ).localStorage;
          storage.clear();
          for (const [k, v] of Object.entries(items)) storage.setItem(k, v);
        }, storage);
        await cdp.send('Network.clearBrowserCache');
        samples.push(await audit(`${base}${path}`, `${visit.name}-${i + 1}`));
      }
      const mid = (pick: (f: Figures) => number) => median(samples.map(pick));
      const f = {
        score: mid((s) => s.score),
        fcp: mid((s) => s.fcp),
        lcp: mid((s) => s.lcp),
        tbt: mid((s) => s.tbt),
        cls: mid((s) => s.cls),
        si: mid((s) => s.si),
      };
      rows.push([
        label,
        f.score.toFixed(2),
        seconds(f.fcp),
        seconds(f.lcp),
        `${Math.round(f.tbt)} ms`,
        f.cls.toFixed(3),
        seconds(f.si),
        String(Math.round(mid((s) => s.cpu))),
        samples.map((s) => `${s.score.toFixed(2)}@${Math.round(s.cpu)}`).join(' '),
      ]);
      print(`${visit.name}: LCP element ${samples[0]?.lcpElement ?? '?'}`);
      summary.push(
        {
          bench: 'lighthouse',
          subject: `${label}: performance`,
          value: f.score.toFixed(2),
          reference: `${RUNS} runs`,
          target: '>= 0.95',
          met: f.score >= 0.95,
        },
        {
          bench: 'lighthouse',
          subject: `${label}: LCP`,
          value: seconds(f.lcp),
          reference: `FCP ${seconds(f.fcp)}`,
          target: `<= ${seconds(visit.lcpTarget ?? 2000)}`,
          met: f.lcp <= (visit.lcpTarget ?? 2000),
        },
      );
    }
    print();
    print(table(['visit', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'SI', 'host CPU', 'runs'], rows));
    // The preset's 4x CPU slowdown is meant for a host whose BenchmarkIndex is 1500-2000
    // (Lighthouse docs/throttling.md): on a slower moment of a shared VM the same page is
    // simulated on a slower phone than the target. Each run shows its score@index for that.
    print(
      'host CPU: Lighthouse BenchmarkIndex (median; per run after @). The 4x preset assumes 1500-2000.',
    );
    return { name: 'lighthouse', summary };
  } finally {
    await context.close();
    profile.cleanup();
    await stack?.stop();
    build?.cleanup();
  }
}

/** `vite build` of web/ as local/web-build.ts makes it (production), into a temporary folder. */
async function buildWeb(): Promise<{ cleanup: () => void }> {
  const out = tempDir('web');
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const { build } = await import('vite');
    await build({
      configFile: join(REPO_ROOT, 'web/vite.config.ts'),
      mode: 'production',
      logLevel: 'error',
      build: { outDir: out.dir, emptyOutDir: true },
    });
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
  process.env.SELLO_WEB_DIST = out.dir;
  return {
    cleanup: () => {
      delete process.env.SELLO_WEB_DIST;
      out.cleanup();
    },
  };
}

/**
 * LIGHTHOUSE_DUMP=folder keeps each run's full report there (long tasks, requests...) and the
 * trace it was computed from.
 */
const DUMP = process.env.LIGHTHOUSE_DUMP;

async function audit(url: string, name: string): Promise<Figures> {
  const result = await lighthouse(url, {
    port: PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // Storage is what the visit sets up above; the HTTP cache was cleared there.
    disableStorageReset: true,
    // A client address of its own per run: the signing link's per-client limit (30 openings in
    // 10 minutes) counts by address, and every run opens the link again.
    extraHeaders: { 'x-forwarded-for': freshIp() },
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (DUMP) {
    mkdirSync(DUMP, { recursive: true });
    writeFileSync(join(DUMP, `${name}.json`), JSON.stringify(lhr));
    // The unthrottled trace Lighthouse simulated from: its tasks ×4 are the long tasks above.
    const trace = (result.artifacts as { Trace?: unknown }).Trace;
    if (trace) writeFileSync(join(DUMP, `${name}.trace.json`), JSON.stringify(trace));
  }
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const lcpItems = lhr.audits['lcp-breakdown-insight']?.details;
  const node =
    lcpItems && 'items' in lcpItems
      ? (lcpItems.items as { type?: string; selector?: string }[]).find((i) => i.type === 'node')
      : undefined;
  return {
    score: lhr.categories.performance?.score ?? 0,
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    si: value('speed-index'),
    lcpElement: node?.selector ?? '?',
    cpu: lhr.environment?.benchmarkIndex ?? Number.NaN,
  };
}

runIfMain(import.meta.url, run);
