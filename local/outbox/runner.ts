import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { mailOutboxQueue } from '../../shared/contract/queues.js';
import type { FunctionLoader } from '../handlers.js';
import { LocalQueue, type QueueHandler } from './local-queue.js';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The mail outbox on a laptop: the table's stream (read in a child process, pipe-host.ts) →
 * the local queue → the same send-outbox handler AWS runs, in this process. The queue hands a failed message back after 2 s here (30 s in AWS): the
 * sender's own backoff (2 s → 30 s between SES calls) paces the retries either way, so a
 * developer sees a recovered mail service deliver within seconds.
 */
export function startOutboxRunner(opts: {
  dynamoEndpoint: string;
  tableName: string;
  load: FunctionLoader;
  log?: (line: string) => void;
}): { queue: LocalQueue; stop: () => void } {
  const spec = mailOutboxQueue;
  const queue = new LocalQueue({
    name: spec.name,
    visibilityMs: 2_000,
    // The same two hours as in AWS at this pace.
    maxReceives: Math.ceil((spec.maxReceiveCount * spec.visibilityTimeoutSeconds) / 2),
    log: opts.log,
  });
  let handler: Promise<QueueHandler> | undefined;
  queue.start(async (event) => {
    handler ??= opts.load<QueueHandler>(spec.handler);
    return (await handler)(event);
  });
  // The pipe's process, started again if it ever dies (as AWS keeps a Pipe running): a new one
  // reads the stream from its start, and mails already handled are found done by the sender.
  let stopped = false;
  let pipe: ReturnType<typeof spawn> | undefined;
  const startPipe = () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(here, 'pipe-host.ts'),
        JSON.stringify({ endpoint: opts.dynamoEndpoint, tableName: opts.tableName }),
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      if (line.startsWith('OUTBOX ')) queue.send(line.slice('OUTBOX '.length));
    });
    child.stderr?.on('data', (d: Buffer) => opts.log?.(d.toString().trimEnd()));
    child.once('exit', () => {
      if (stopped) return;
      opts.log?.('[outbox pipe] stopped; starting it again');
      setTimeout(() => {
        if (!stopped) pipe = startPipe();
      }, 1_000).unref?.();
    });
    return child;
  };
  pipe = startPipe();
  return {
    queue,
    stop: () => {
      stopped = true;
      pipe?.stdin?.end();
      queue.stop();
    },
  };
}
