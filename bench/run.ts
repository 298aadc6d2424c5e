import { run as analyzerBudget } from './analyzer-budget.js';
import { run as apiLatency } from './api-latency.js';
import { type BenchResult, heading, mark, print, table } from './common.js';
import { run as creditSpend } from './credit-spend.js';
import { run as lambdaBundles } from './lambda-bundles.js';
import { run as lighthouse } from './lighthouse.js';
import { run as notaryQueue } from './notary-queue.js';
import { run as ordersList } from './orders-list.js';
import { run as organizationWallet } from './organization-wallet.js';
import { run as readerChild } from './reader-child.js';
import { run as seal } from './seal.js';
import { run as spaWeight } from './spa-weight.js';

/**
 * `npm run bench`: the benchmarks in sequence (never in parallel: the machine has two
 * cores and each one would disturb the others' timings), then one summary table. The figures
 * are printed, not asserted; the exit code is non-zero only if a benchmark crashed.
 */
const benches: [string, () => Promise<BenchResult>][] = [
  ['lambda-bundles', lambdaBundles],
  ['spa-weight', spaWeight],
  ['lighthouse', lighthouse],
  ['api-latency', apiLatency],
  ['credit-spend', creditSpend],
  ['orders-list', ordersList],
  ['organization-wallet', organizationWallet],
  ['notary-queue', notaryQueue],
  ['reader-child', readerChild],
  ['analyzer-budget', analyzerBudget],
  ['seal', seal],
];

async function main() {
  const os = await import('node:os');
  const cpus = os.cpus();
  print(
    `Sello benchmarks: Node ${process.version}, ${os.platform()}/${os.arch()}, ` +
      `${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ` +
      `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM`,
  );
  const results: BenchResult[] = [];
  const failed: string[] = [];
  for (const [name, run] of benches) {
    const t = Date.now();
    try {
      results.push(await run());
      print(`\n(${name} took ${((Date.now() - t) / 1000).toFixed(1)} s)`);
    } catch (err) {
      failed.push(name);
      console.error(`\n${name} failed:`, err);
    }
  }

  heading('Summary');
  const rows = results.flatMap((r) =>
    r.summary.map((s) => [s.bench, s.subject, s.value, s.reference, s.target, mark(s.met)]),
  );
  print(table(['bench', 'subject', 'value', 'reference', 'target', 'met'], rows));
  const all = results.flatMap((r) => r.summary);
  const missed = all.filter((s) => !s.met);
  print();
  print(
    `${all.length - missed.length}/${all.length} targets met` +
      (missed.length ? `; missed: ${missed.map((s) => s.subject).join(', ')}` : '') +
      (failed.length ? `; FAILED to run: ${failed.join(', ')}` : ''),
  );
  process.exit(failed.length ? 1 : 0);
}

void main();
