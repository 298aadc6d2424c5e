import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { spawnStack } from '../test/support/spawn-stack.js';
import {
  type BenchResult,
  heading,
  median,
  print,
  runIfMain,
  type SummaryRow,
  table,
  tempDir,
} from './common.js';

/**
 * First paint (issue 10 item 9): Lighthouse's mobile preset (simulated slow 4G and a 4x slower
 * CPU) on the SPA as production serves it: the production build behind the local gateway, which
 * compresses and sends the same headers as CloudFront. Three visits a new user makes:
 *
 *  - `/` the first time: the maintenance gate;
 *  - `/` once the access code was accepted (the stored flag): the home page;
 *  - `/firmar-documento` with the flag: the request wizard.
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
  path: string;
  /** localStorage the visitor already has (kept: Lighthouse is told not to reset storage). */
  storage: Record<string, string>;
}

const GRANTED = { maintenance_access: 'granted' };
const ALL_VISITS: Visit[] = [
  { name: 'gate', path: '/', storage: {} },
  { name: 'home', path: '/', storage: GRANTED },
  { name: 'wizard', path: '/firmar-documento', storage: GRANTED },
];
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
  const stack = external ? undefined : await spawnStack([]);
  const base = external ?? stack?.info.url ?? '';
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
    for (const visit of VISITS) {
      const samples: Figures[] = [];
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
        }, visit.storage);
        await cdp.send('Network.clearBrowserCache');
        samples.push(await audit(`${base}${visit.path}`, `${visit.name}-${i + 1}`));
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
        `${visit.name} ${visit.path}`,
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
          subject: `${visit.name} ${visit.path}: performance`,
          value: f.score.toFixed(2),
          reference: `${RUNS} runs`,
          target: '>= 0.95',
          met: f.score >= 0.95,
        },
        {
          bench: 'lighthouse',
          subject: `${visit.name} ${visit.path}: LCP`,
          value: seconds(f.lcp),
          reference: `FCP ${seconds(f.fcp)}`,
          target: '<= 2.00 s',
          met: f.lcp <= 2000,
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
  }
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
