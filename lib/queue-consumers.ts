import type { BundledFiles } from './app-function.js';
import type { ConsumerTuning } from './stream-queue.js';

/**
 * The seal's fonts (functions/signing/seal/fonts.ts reads `SEAL_FONT_DIR`): Liberation Sans
 * (SIL OFL 1.1) as pdfjs-dist ships it. esbuild bundles code, not the TTFs the code opens with
 * readFileSync, so the two files are copied into the consumer's bundle under fonts/ and the
 * function is told where that is (/var/task/fonts).
 */
export const SEAL_FONTS: BundledFiles = {
  dir: 'fonts',
  sources: [
    'node_modules/pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf',
    'node_modules/pdfjs-dist/standard_fonts/LiberationSans-Bold.ttf',
  ],
  envVar: 'SEAL_FONT_DIR',
};

/**
 * How each queue of shared/contract/queues.ts is consumed in AWS (lib/stream-queue.ts), by
 * queue name; a queue not listed gets batches of 10 and 5 consumers at most.
 */
export const consumerTuning: Readonly<Record<string, ConsumerTuning>> = {
  // SES's sending rate is the limit: a few senders at once are plenty.
  'mail-outbox': { batchSize: 10, maxConcurrency: 5 },
  // One order per invocation: a seal takes seconds (a 10 MB, 50-page file), so a batch could
  // outlast the 120 s timeout, and a run that times out must not fail the orders beside it.
  // Five at once bound the load on the timestamp authority.
  'seal-documents': { batchSize: 1, maxConcurrency: 5, files: SEAL_FONTS },
  // One job per invocation: each waits on the FEA provider (10–30 s) while a signer watches.
  'fea-jobs': { batchSize: 1, maxConcurrency: 20 },
};
