import { describe, expect, it } from 'vitest';
import { forEachConcurrently } from './concurrently.js';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('forEachConcurrently', () => {
  it('visits every item once with never more than the limit in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const seen: number[] = [];
    await forEachConcurrently(
      Array.from({ length: 40 }, (_, i) => i),
      7,
      async (i) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await tick(i % 3);
        seen.push(i);
        inFlight--;
      },
    );
    expect(most).toBe(7);
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it('finishes the other items when one fails, then rethrows the first failure', async () => {
    const done: number[] = [];
    const run = forEachConcurrently([1, 2, 3, 4, 5], 2, async (i) => {
      await tick(1);
      if (i === 2) throw new Error('boom 2');
      if (i === 4) throw new Error('boom 4');
      done.push(i);
    });
    await expect(run).rejects.toThrow('boom 2');
    expect(done.sort()).toEqual([1, 3, 5]);
  });

  it('does nothing for no items', async () => {
    let calls = 0;
    await forEachConcurrently([], 5, async () => {
      calls++;
    });
    expect(calls).toBe(0);
  });
});
