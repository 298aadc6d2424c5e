import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { currentDeadline, type Deadline, timedOut } from '../deadline.js';
import { logger } from '../logger.js';
import {
  checkBudgetMs,
  READ_LIMITS,
  READER_START_MS,
  readBudgetMs,
} from '../providers/read-limits.js';
import type { ReaderAnswer, ReaderInput, ReaderResults, ReaderTask } from './tasks.js';

/**
 * Parses untrusted bytes in a child process (reader-main.ts) with its own heap limit and a
 * wall-clock budget, killed on either. pdf.js and mammoth work synchronously and a crafted file
 * of 1 KB can keep them busy for a minute or make them allocate without bound; in a worker
 * thread V8 may abort the whole process when the worker's heap runs out (Node issue 47224), so
 * the parsing runs in a process of its own: the worst any file can do is end that process.
 *
 * The child gets no environment but PATH: it holds no credentials or secrets of the function.
 */

/** Why a read ended without a result. */
export class ReadFailed extends Error {
  constructor(
    /**
     * unreadable: the parser refused the file; budget: it ran out of time or memory; start:
     * the child did not start in time (a busy machine, not the file's doing: ask again).
     */
    readonly reason: 'unreadable' | 'budget' | 'start',
  ) {
    super(reason);
    this.name = 'ReadFailed';
  }
}

/** The program to run and the node flags it needs: the bundle's reader, or the source + tsx. */
function readerProgram(): { script: string; flags: string[] } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    // From source (vitest, tsx, the unbundled local stack): the child compiles with tsx.
    const tsx = pathToFileURL(createRequire(here).resolve('tsx')).href;
    return {
      script: fileURLToPath(new URL('./reader-main.ts', here)),
      flags: ['--import', tsx],
    };
  }
  // Bundled (lib/handler-build.ts): this code sits in index.mjs or a chunk at the bundle's root,
  // and the reader program in reader/ beside it.
  return { script: fileURLToPath(new URL('./reader/reader.mjs', here)), flags: [] };
}

/**
 * One read at a time per process: a Lambda container serves one request anyway, and where one
 * process serves many (the local stack), parallel reads would share the CPU and spend each
 * other's budgets. Waiting in this queue does not count against a file's budget.
 */
let queue: Promise<unknown> = Promise.resolve();

/** Started children, ended when the parent exits (a read cut short leaves none behind). */
const live = new Set<ChildProcess>();
let exitHook = false;

/**
 * The task's result for these bytes, computed in a reader child within readBudgetMs(size)
 * (checkBudgetMs for the upload checks) once the child is ready. Rejects with ReadFailed('unreadable') when the parser refused the file,
 * ReadFailed('budget') when the time or the child's heap ran out, or the child died.
 */
export function readInChild<T extends ReaderTask>(
  task: T,
  bytes: Uint8Array,
  limits: ReadLimits = {},
): Promise<ReaderResults[T]> {
  const deadline = currentDeadline();
  const key = `${task}:${limits.heapMb ?? ''}:${limits.budgetMs ?? ''}:${sha256(bytes)}`;
  const known = recent.get(key) ?? inFlight.get(key);
  if (known) return untilDeadline(known as Promise<ReaderResults[T]>, deadline);
  const turn = queue.then(() => runChild(task, bytes, limits, deadline));
  queue = turn.catch(() => undefined);
  inFlight.set(key, turn);
  const remember = () => {
    inFlight.delete(key);
    recent.set(key, turn);
    if (recent.size > RECENT_READS) recent.delete(recent.keys().next().value as string);
  };
  turn.then(
    (result) => {
      remember();
      // A rewritten file (the PDF check's answer) is up to 10 MB: only the last few are kept.
      if (carriesFile(result)) {
        recentFiles.push(key);
        if (recentFiles.length > RECENT_FILES) recent.delete(recentFiles.shift() as string);
      }
    },
    (err: unknown) => {
      // A verdict on the file is remembered; a child that could not start, or a read cut by a
      // request's deadline, says nothing about the file.
      if (err instanceof ReadFailed && err.reason !== 'start') remember();
      else inFlight.delete(key);
    },
  );
  return untilDeadline(turn, deadline);
}

/**
 * The read, or the retryable 503 once the request's deadline has come: a request waiting for
 * its turn behind other reads answers before Lambda ends it (never a 5xx from a timeout).
 */
function untilDeadline<R>(read: Promise<R>, deadline: Deadline | undefined): Promise<R> {
  if (!deadline) return read;
  if (deadline.expired) return Promise.reject(timedOut());
  return new Promise<R>((resolve, reject) => {
    const onAbort = () => reject(timedOut());
    deadline.signal.addEventListener('abort', onAbort, { once: true });
    read.then(resolve, reject).finally(() => deadline.signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Reads of the same bytes share one child: the same file checked by concurrent or repeated
 * calls (a double click, 100 retries of /complete) costs one read, not one per call. A read's
 * outcome depends only on the bytes, so the last few are kept too.
 */
const inFlight = new Map<string, Promise<unknown>>();
const recent = new Map<string, Promise<unknown>>();
const RECENT_READS = 32;

/** Of those, the ones whose answer carries a file, oldest first, and how many may stay. */
const recentFiles: string[] = [];
const RECENT_FILES = 2;

const carriesFile = (result: unknown) =>
  typeof result === 'object' && result !== null && 'bytes' in result;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The child's heap and time, when not the defaults (tests reach each limit on purpose). */
export interface ReadLimits {
  heapMb?: number;
  budgetMs?: number;
}

/** The upload checks, whose budget is checkBudgetMs (a refusal there deletes the upload). */
const CHECKS = new Set<ReaderTask>(['pdf-check', 'docx-check', 'notarized-check']);

/** Less time than this left on the request's deadline: no child is started for it. */
const MIN_READ_MS = 500;

function runChild<T extends ReaderTask>(
  task: T,
  bytes: Uint8Array,
  limits: ReadLimits,
  deadline: Deadline | undefined,
): Promise<ReaderResults[T]> {
  // The request gave up while waiting for its turn: its read is not started at all.
  if (deadline && deadline.remainingMs() < MIN_READ_MS) return Promise.reject(timedOut());
  const { script, flags } = readerProgram();
  const budgetMs =
    limits.budgetMs ?? (CHECKS.has(task) ? checkBudgetMs : readBudgetMs)(bytes.length);
  const heapMb = limits.heapMb ?? READ_LIMITS.childHeapMb;
  const started = performance.now();
  return new Promise<ReaderResults[T]>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [`--max-old-space-size=${heapMb}`, ...flags, script, task],
      {
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
        serialization: 'advanced',
        env: { PATH: process.env.PATH ?? '' },
      },
    );
    live.add(child);
    if (!exitHook) {
      exitHook = true;
      process.once('exit', () => {
        for (const c of live) c.kill('SIGKILL');
      });
    }
    // The child's stderr (V8's fatal heap message, parser noise) is kept short for the log.
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (s: string) => {
      if (stderr.length < 2_000) stderr += s;
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      fn();
    };
    const failed = (reason: ReadFailed['reason'], why: string) =>
      finish(() => {
        logger.info('reader child ended without a result', {
          task,
          reason,
          why,
          ms: Math.round(performance.now() - started),
        });
        reject(new ReadFailed(reason));
      });
    let timer = setTimeout(() => failed('start', 'not ready in time'), READER_START_MS);
    child.on('message', (a: ReaderAnswer) => {
      if (a.type === 'ready') {
        clearTimeout(timer);
        timer = setTimeout(() => failed('budget', 'time'), budgetMs);
        child.send({ type: 'bytes', bytes } satisfies ReaderInput, (err) => {
          if (err) failed('budget', 'send');
        });
      } else if (a.type === 'done') {
        finish(() => resolve(a.result as ReaderResults[T]));
      } else {
        failed('unreadable', a.reason);
      }
    });
    child.on('error', (err) => {
      // The child could not be started at all: not the file's doing.
      logger.error('reader child could not start', { task, error: String(err).slice(0, 300) });
      finish(() => reject(err));
    });
    // Ended before answering: its heap ran out (V8 aborts), or it crashed on the file. 'close'
    // comes after the IPC channel is drained, so an answer sent just before exiting is seen.
    child.on('close', (code, signal) => {
      live.delete(child);
      failed('budget', `exit ${code ?? signal}: ${stderr.trim().split('\n')[0]?.slice(0, 200)}`);
    });
  });
}
