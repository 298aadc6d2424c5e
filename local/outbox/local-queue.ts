import { randomUUID } from 'node:crypto';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';

export type QueueHandler = (event: SQSEvent) => Promise<SQSBatchResponse | undefined>;

interface Message {
  id: string;
  body: string;
  receives: number;
  /** Epoch ms before which the message is not handed out (in flight, or waiting its retry). */
  visibleAt: number;
}

export interface LocalQueueOptions {
  name: string;
  /** A message not acknowledged comes back after this long. */
  visibilityMs: number;
  /** Deliveries before the message moves to the dead-letter list. */
  maxReceives: number;
  /** Messages per handler call (SQS's batch size). */
  batchSize?: number;
  /** How often the queue looks for visible messages. */
  pollMs?: number;
  log?: (line: string) => void;
}

/**
 * The local stack's stand-in for an SQS queue with a Lambda consumer and a redrive policy:
 * at-least-once delivery in batches, a message handed back when the handler reports it as a
 * batch item failure (or throws), visible again after the visibility timeout, and moved to a
 * dead-letter list after `maxReceives` deliveries. In memory: what a restart loses, the stream
 * pipe brings back (local/outbox/stream-pipe.ts reads the stream from its start).
 */
export class LocalQueue {
  private readonly messages = new Map<string, Message>();
  readonly deadLetters: { body: string; receives: number }[] = [];
  private timer: ReturnType<typeof setInterval> | undefined;
  private busy = false;

  constructor(private readonly opts: LocalQueueOptions) {}

  send(body: string): void {
    const id = randomUUID();
    this.messages.set(id, { id, body, receives: 0, visibleAt: 0 });
  }

  get depth(): number {
    return this.messages.size;
  }

  start(handler: QueueHandler): void {
    this.timer = setInterval(() => {
      if (this.busy) return;
      this.busy = true;
      this.drain(handler).finally(() => {
        this.busy = false;
      });
    }, this.opts.pollMs ?? 200);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Hands every visible message to the handler, a batch at a time. */
  private async drain(handler: QueueHandler): Promise<void> {
    const now = Date.now();
    const visible = [...this.messages.values()].filter((m) => m.visibleAt <= now);
    const size = this.opts.batchSize ?? 10;
    for (let i = 0; i < visible.length; i += size) {
      await this.deliver(handler, visible.slice(i, i + size));
    }
  }

  private async deliver(handler: QueueHandler, batch: Message[]): Promise<void> {
    for (const m of batch) {
      m.receives++;
      m.visibleAt = Date.now() + this.opts.visibilityMs;
    }
    let failed: Set<string>;
    try {
      const res = await handler({
        Records: batch.map((m) => ({
          messageId: m.id,
          receiptHandle: m.id,
          body: m.body,
          attributes: {
            ApproximateReceiveCount: String(m.receives),
            SentTimestamp: '0',
            SenderId: 'local',
            ApproximateFirstReceiveTimestamp: '0',
          },
          messageAttributes: {},
          md5OfBody: '',
          eventSource: 'aws:sqs',
          eventSourceARN: `arn:aws:sqs:local:000000000000:${this.opts.name}`,
          awsRegion: 'local',
        })),
      });
      failed = new Set((res?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
    } catch (err) {
      this.opts.log?.(`[queue ${this.opts.name}] ${(err as Error).message}`);
      failed = new Set(batch.map((m) => m.id));
    }
    for (const m of batch) {
      if (!failed.has(m.id)) {
        this.messages.delete(m.id);
      } else if (m.receives >= this.opts.maxReceives) {
        this.messages.delete(m.id);
        this.deadLetters.push({ body: m.body, receives: m.receives });
        this.opts.log?.(`[queue ${this.opts.name}] message moved to the dead-letter list`);
      }
    }
  }
}
