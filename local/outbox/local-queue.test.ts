import type { SQSEvent } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalQueue } from './local-queue.js';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
let queue: LocalQueue | undefined;
afterEach(() => queue?.stop());

describe('LocalQueue', () => {
  it('delivers every message and forgets the acknowledged ones', async () => {
    queue = new LocalQueue({ name: 'q', visibilityMs: 50, maxReceives: 3, pollMs: 10 });
    const seen: string[] = [];
    queue.start(async (event: SQSEvent) => {
      seen.push(...event.Records.map((r) => r.body));
      return { batchItemFailures: [] };
    });
    for (let i = 0; i < 25; i++) queue.send(`m${i}`);
    await wait(200);
    expect(seen.sort()).toEqual(Array.from({ length: 25 }, (_, i) => `m${i}`).sort());
    expect(queue.depth).toBe(0);
  });

  it('hands a reported failure back after the visibility timeout, with its receive count', async () => {
    queue = new LocalQueue({ name: 'q', visibilityMs: 60, maxReceives: 5, pollMs: 10 });
    const receives: string[] = [];
    queue.start(async (event) => {
      const r = event.Records[0];
      if (!r) return { batchItemFailures: [] };
      receives.push(r.attributes.ApproximateReceiveCount);
      return { batchItemFailures: receives.length < 3 ? [{ itemIdentifier: r.messageId }] : [] };
    });
    queue.send('x');
    await wait(30);
    expect(receives).toEqual(['1']);
    await wait(250);
    expect(receives).toEqual(['1', '2', '3']);
    expect(queue.depth).toBe(0);
  });

  it('moves a message to the dead letters after maxReceives, also when the handler throws', async () => {
    queue = new LocalQueue({ name: 'q', visibilityMs: 10, maxReceives: 3, pollMs: 5 });
    let calls = 0;
    queue.start(async () => {
      calls++;
      throw new Error('down');
    });
    queue.send('poison');
    await wait(200);
    expect(calls).toBe(3);
    expect(queue.depth).toBe(0);
    expect(queue.deadLetters).toEqual([{ body: 'poison', receives: 3 }]);
  });
});
