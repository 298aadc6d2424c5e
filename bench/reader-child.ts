import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { READ_LIMITS } from '../functions/platform/providers/read-limits.js';
import type { ReaderAnswer, ReaderTask } from '../functions/platform/reader/tasks.js';
import { buildReader } from '../lib/handler-build.js';
import { contractPdf, docx } from '../test/support/documents.js';
import {
  type BenchResult,
  heading,
  kb,
  median,
  ms,
  print,
  runIfMain,
  type SummaryRow,
  table,
  tempDir,
} from './common.js';

/**
 * The reader child (functions/platform/reader): the program as Lambda runs it (built by
 * lib/handler-build.ts `buildReader` into a handler's reader/ folder), started as
 * read-in-child.ts starts it. Per task: the start cost (spawn until the child has loaded its
 * parser and says 'ready', the part no file's budget pays) and a whole read of a real
 * document (spawn to answer), median of RUNS fresh children. Also the program's size: it
 * ships only beside the two functions that read (not counted in their handler bundles).
 * Target: start under 300 ms, so a /complete stays well inside its 8.5 s deadline.
 */
const RUNS = Number(process.env.BENCH_READER_RUNS ?? 7);
const START_TARGET_MS = 300;

function timeChild(
  script: string,
  task: ReaderTask,
  bytes: Uint8Array,
): Promise<{ readyMs: number; totalMs: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [`--max-old-space-size=${READ_LIMITS.childHeapMb}`, script, task],
      { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], serialization: 'advanced', env: {} },
    );
    let readyMs = 0;
    child.on('message', (a: ReaderAnswer) => {
      if (a.type === 'ready') {
        readyMs = performance.now() - started;
        child.send({ type: 'bytes', bytes });
      } else {
        const totalMs = performance.now() - started;
        child.kill('SIGKILL');
        if (a.type === 'done') resolve({ readyMs, totalMs });
        else reject(new Error(`${task} refused the sample: ${a.reason}`));
      }
    });
    child.on('error', reject);
  });
}

export async function run(): Promise<BenchResult> {
  heading('Reader child: start cost and a whole read, bundled as deployed');
  const { dir, cleanup } = tempDir('reader');
  try {
    await buildReader(dir);
    const script = join(dir, 'reader.mjs');
    const size = readdirSync(dir)
      .filter((f) => f.endsWith('.mjs'))
      .reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
    const pdf = await contractPdf();
    const samples: [ReaderTask, Uint8Array][] = [
      ['pdf-check', pdf],
      ['pdf-text', pdf],
      ['docx-check', docx()],
      ['docx-text', docx()],
      ['notarized-check', pdf],
    ];
    const rows: string[][] = [];
    const summary: SummaryRow[] = [];
    for (const [task, bytes] of samples) {
      await timeChild(script, task, bytes); // warm the file cache
      const ready: number[] = [];
      const total: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = await timeChild(script, task, bytes);
        ready.push(t.readyMs);
        total.push(t.totalMs);
      }
      const start = median(ready);
      rows.push([
        task,
        ms(start),
        ms(Math.min(...ready)),
        ms(Math.max(...ready)),
        ms(median(total)),
      ]);
      summary.push({
        bench: 'reader-child',
        subject: `${task} start`,
        value: ms(start),
        reference: `whole read ${ms(median(total))}`,
        target: `< ${ms(START_TARGET_MS)}`,
        met: start < START_TARGET_MS,
      });
    }
    print(table(['task', 'start p50', 'start min', 'start max', 'whole read p50'], rows));
    print();
    print(
      `reader program: ${kb(size)} of .mjs (pdf.js, mammoth, pdf-lib in chunks loaded per task), ` +
        `beside the handler only in the functions that read; medians of ${RUNS} fresh children.`,
    );
    return { name: 'reader-child', summary };
  } finally {
    cleanup();
  }
}

runIfMain(import.meta.url, run);
