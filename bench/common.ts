import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Repository root (bench/ sits right below it). */
export const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));

/** One line of the summary `npm run bench` prints at the end. */
export interface SummaryRow {
  bench: string;
  subject: string;
  /** Measured figure, formatted with its unit. */
  value: string;
  /** The reference it is compared with, formatted with its unit. */
  reference: string;
  target: string;
  met: boolean;
}

export interface BenchResult {
  name: string;
  summary: SummaryRow[];
}

/** True when `metaUrl` is the module node was started with (`tsx bench/x.ts`). */
export function isMain(metaUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && pathToFileURL(resolve(entry)).href === metaUrl;
}

/** A fresh temporary folder; removed by the returned cleanup. */
export function tempDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `sello-bench-${prefix}-`));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Nearest-rank percentile (p in 0..100) of unsorted samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

export function median(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (millis: number): string => `${millis.toFixed(millis < 10 ? 2 : 1)} ms`;
export const ratio = (value: number, reference: number): string =>
  `${(value / reference).toFixed(2)}x`;
export const mark = (met: boolean): string => (met ? 'yes' : 'NO');

/** A plain-text table with right-aligned numeric-looking columns. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const numeric = headers.map((_, i) =>
    rows.every((r) => /^[-+]?[\d.,]+( ?(KB|MB|ms|x|%))?$|^-$/.test(r[i] ?? '')),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (numeric[i] ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function heading(title: string): void {
  process.stdout.write(`\n=== ${title} ===\n\n`);
}

export function print(text = ''): void {
  process.stdout.write(`${text}\n`);
}

/** Runs a bench's `run` when its file is started directly, exiting non-zero only on a crash. */
export function runIfMain(metaUrl: string, run: () => Promise<BenchResult>): void {
  if (!isMain(metaUrl)) return;
  run().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
