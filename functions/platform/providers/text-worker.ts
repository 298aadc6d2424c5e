import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { logger } from '../logger.js';
import { READ_LIMITS, readBudgetMs, UnreadableFile, WORKER_START_MS } from './read-limits.js';

/**
 * Reads a document's text in a worker thread with a hard wall-clock budget and its own heap.
 * pdf.js and mammoth do their work synchronously: a timer in the same thread would only fire
 * after a crafted file had already spent its seconds (a 1 KB PDF keeps pdf.js busy ~40 s), so
 * the reading runs in a worker that is terminated when its budget is spent, and a file that
 * exhausts the worker's heap kills the worker, not the function.
 *
 * This module is both sides: imported in the function it exports `readText`; loaded in the
 * worker (by its own URL, see WORKER_CODE) it reads the file it was given and posts the result.
 * It is a chunk of its own in the Lambda bundle (imported with `import()`), whose URL the
 * worker imports; under vitest or tsx the URL is the .ts source, which tsx compiles.
 */
export type TextKind = 'pdf' | 'docx';

export interface ReadText {
  pages: number | null;
  text: string;
}

type WorkerAnswer =
  | { type: 'ready' }
  | { type: 'done'; result: ReadText }
  | { type: 'refused'; reason: string };

interface WorkerInput {
  selloTextWorker: true;
  kind: TextKind;
  bytes: Uint8Array;
}

type Reader = (bytes: Uint8Array) => Promise<ReadText>;

/** Loads the reader and its libraries (in the worker), before the clock for the file starts. */
async function loadReader(kind: TextKind): Promise<Reader> {
  if (kind === 'pdf') {
    const [{ extractPdfText }] = await Promise.all([import('./pdf-text.js'), import('unpdf')]);
    return extractPdfText;
  }
  const [{ extractDocxText }] = await Promise.all([
    import('./docx-text.js'),
    import('mammoth'),
    import('fflate'),
  ]);
  return async (bytes) => ({ pages: null, text: await extractDocxText(bytes) });
}

const input = workerData as WorkerInput | undefined;
if (!isMainThread && parentPort && input?.selloTextWorker) {
  const port = parentPort;
  const post = (a: WorkerAnswer) => port.postMessage(a);
  void (async () => {
    const read = await loadReader(input.kind);
    post({ type: 'ready' });
    try {
      post({ type: 'done', result: await read(input.bytes) });
    } catch (err) {
      post({
        type: 'refused',
        reason:
          err instanceof UnreadableFile ? err.message : `failed: ${String(err).slice(0, 200)}`,
      });
    }
  })();
}

/**
 * The worker's script: import this module by its URL (registering tsx first when that URL is
 * TypeScript source, as under vitest and the unbundled local stack). Only `import()`: the
 * worker inherits the process's flags, and under --input-type=module eval code is ESM.
 */
const WORKER_CODE = `
(async () => {
  const { workerData } = await import('node:worker_threads');
  if (/\\.ts$/.test(workerData.url)) (await import('tsx/esm/api')).register();
  await import(workerData.url);
})();
`;

/** Why a read ended without text. */
export class ReadFailed extends Error {
  constructor(readonly reason: 'unreadable' | 'budget') {
    super(reason);
    this.name = 'ReadFailed';
  }
}

/**
 * One read at a time per process: a Lambda container serves one request anyway, and where one
 * process serves many (the local stack), parallel reads would share the CPU and spend each
 * other's budgets. Waiting in this queue does not count against a file's budget.
 */
let queue: Promise<unknown> = Promise.resolve();

/**
 * The text of a PDF or DOCX, read in a worker within readBudgetMs(size) once the worker is
 * ready. Rejects with ReadFailed('unreadable') for a malformed or over-cap file or a worker
 * that died (its heap exhausted), ReadFailed('budget') when the time ran out.
 */
export function readText(kind: TextKind, bytes: Uint8Array): Promise<ReadText> {
  const turn = queue.then(() => readInWorker(kind, bytes));
  queue = turn.catch(() => undefined);
  return turn;
}

function readInWorker(kind: TextKind, bytes: Uint8Array): Promise<ReadText> {
  const budgetMs = readBudgetMs(bytes.length);
  return new Promise<ReadText>((resolve, reject) => {
    const worker = new Worker(WORKER_CODE, {
      eval: true,
      workerData: {
        url: import.meta.url,
        selloTextWorker: true,
        kind,
        bytes,
      } satisfies WorkerInput & { url: string },
      resourceLimits: { maxOldGenerationSizeMb: READ_LIMITS.workerHeapMb },
      stdout: false,
      stderr: true,
    });
    // pdf.js warnings go to the worker's stderr: dropped, they are about the file.
    worker.stderr.resume();
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    let timer = setTimeout(() => finish(() => reject(new ReadFailed('budget'))), WORKER_START_MS);
    worker.on('message', (a: WorkerAnswer) => {
      if (a.type === 'ready') {
        clearTimeout(timer);
        timer = setTimeout(() => finish(() => reject(new ReadFailed('budget'))), budgetMs);
      } else if (a.type === 'done') finish(() => resolve(a.result));
      else {
        logger.info('text worker refused the file', { kind, reason: a.reason });
        finish(() => reject(new ReadFailed('unreadable')));
      }
    });
    worker.on('error', (err) => {
      // The worker threw outside the reader (its heap exhausted, or it could not load).
      logger.warn('text worker failed', { kind, error: String(err).slice(0, 300) });
      finish(() => reject(new ReadFailed('unreadable')));
    });
    worker.on('exit', () => finish(() => reject(new ReadFailed('unreadable'))));
  });
}
