import { UnreadableFile } from '../providers/read-limits.js';
import { READER_TASKS, type ReaderAnswer, type ReaderInput, type ReaderTask } from './tasks.js';

/**
 * The reader child: a process of its own (node --max-old-space-size=…) that parses one
 * untrusted file and exits. Started by read-in-child.ts with the task as its only argument and
 * an IPC channel; it loads the task's parser, says 'ready', receives the bytes, answers 'done'
 * or 'refused', and exits. A file that exhausts this process's heap (V8 aborts the whole
 * process, which a worker thread's resourceLimits cannot always contain: Node issue 47224)
 * or spends its time budget ends this process only.
 *
 * Built as a program of its own (`reader/reader.mjs` beside the handler, lib/handler-build.ts)
 * so the handler that asks carries no parser; from source it runs under tsx.
 */
type Reader = (bytes: Uint8Array) => Promise<unknown>;

/**
 * Each task's reader, with the libraries it will load (the readers import them lazily): all
 * loaded before 'ready', so a file's budget pays for parsing only, never for loading code.
 */
const LOADERS: Record<ReaderTask, () => Promise<Reader>> = {
  'pdf-text': async () => {
    const [{ extractPdfText }] = await Promise.all([
      import('../providers/pdf-text.js'),
      import('unpdf'),
    ]);
    return extractPdfText;
  },
  'docx-text': async () => {
    const [{ extractDocxText }] = await Promise.all([
      import('../providers/docx-text.js'),
      import('mammoth'),
      import('fflate'),
    ]);
    return async (bytes) => ({ pages: null, text: await extractDocxText(bytes) });
  },
  'pdf-check': async () => {
    const [{ checkPdf }] = await Promise.all([
      import('./file-checks.js'),
      import('@cantoo/pdf-lib'),
      import('./pdf-sanitize.js'),
    ]);
    return checkPdf;
  },
  'docx-check': async () => {
    const [{ checkDocx }] = await Promise.all([import('./file-checks.js'), import('fflate')]);
    return checkDocx;
  },
  'notarized-check': async () => {
    const [{ checkNotarizedPdf }] = await Promise.all([
      import('./notarized-check.js'),
      import('./pdf-signatures.js'),
      import('@cantoo/pdf-lib'),
      import('pkijs'),
      import('asn1js'),
    ]);
    return checkNotarizedPdf;
  },
};

/** Sends one answer and resolves once it has left (so an exit right after loses nothing). */
function answer(a: ReaderAnswer): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(a, undefined, undefined, () => resolve());
  });
}

async function main(): Promise<void> {
  const task = process.argv[2] as ReaderTask;
  if (!READER_TASKS.includes(task) || !process.send) {
    process.stderr.write('reader: unknown task or no IPC channel\n');
    process.exit(2);
  }
  // Libraries print warnings about the file to the console; they are not the parent's business.
  console.log = console.info = console.warn = console.debug = () => undefined;
  const read = await LOADERS[task]();
  const input = new Promise<ReaderInput>((resolve) => {
    process.once('message', (m: ReaderInput) => resolve(m));
  });
  await answer({ type: 'ready' });
  const { bytes } = await input;
  let out: ReaderAnswer;
  try {
    out = { type: 'done', result: await read(new Uint8Array(bytes)) };
  } catch (err) {
    out = {
      type: 'refused',
      reason: err instanceof UnreadableFile ? err.message : `failed: ${String(err).slice(0, 200)}`,
    };
  }
  await answer(out);
  process.exit(0);
}

await main();
