import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { queues } from '../../shared/contract/queues.js';
import type { FunctionLoader } from '../handlers.js';
import { LocalQueue, type QueueHandler } from './local-queue.js';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The stream-fed queues on a laptop (the mail outbox, the seal): the table's stream (read in a
 * child process, pipe-host.ts) → one local queue per QueueSpec → the same handler AWS runs, in
 * this process. A failed message comes back after 2 s here (30 s or 180 s in AWS): each
 * consumer's own pacing (the sender's 2 s → 30 s backoff, the seal's lease) holds either way, so
 * a developer sees a recovered dependency catch up within seconds.
 */
export function startOutboxRunner(opts: {
  dynamoEndpoint: string;
  tableName: string;
  load: FunctionLoader;
  log?: (line: string) => void;
}): { queues: Map<string, LocalQueue>; stop: () => void } {
  const byName = new Map<string, LocalQueue>();
  for (const spec of queues) {
    const queue = new LocalQueue({
      name: spec.name,
      // A consumer allowed minutes per message (the seal) is not offered it again every 2 s.
      visibilityMs: spec.timeoutSeconds > 60 ? 15_000 : 2_000,
      // The same total retry time as in AWS at this pace.
      maxReceives: Math.ceil((spec.maxReceiveCount * spec.visibilityTimeoutSeconds) / 2),
      log: opts.log,
    });
    let handler: Promise<QueueHandler> | undefined;
    queue.start(async (event) => {
      handler ??= opts.load<QueueHandler>(spec.handler);
      return (await handler)(event);
    });
    byName.set(spec.name, queue);
  }
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
      const m = /^MSG (\S+) (.*)$/.exec(line);
      if (m?.[1] && m[2]) byName.get(m[1])?.send(m[2]);
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
    queues: byName,
    stop: () => {
      stopped = true;
      pipe?.stdin?.end();
      for (const q of byName.values()) q.stop();
    },
  };
}
