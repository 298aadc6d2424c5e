import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobSpec } from '../shared/contract/jobs.js';
import { startJobTimers } from './jobs.js';

const daily: JobSpec = {
  name: 'daily-at-nine',
  handler: 'jobs/daily-at-nine',
  santiagoTime: { hour: 9, minute: 0 },
  access: { table: 'read' },
  description: 'A daily job at 09:00 in Santiago',
};

afterEach(() => {
  vi.useRealTimers();
});

describe('local job timers', () => {
  it("fire a daily job at its Santiago time, also across September's DST change", async () => {
    // 5 September 2026 10:00 −04: the next 09:00 is 6 September 09:00 −03 = 12:00 UTC.
    vi.useFakeTimers({ now: new Date('2026-09-05T14:00:00Z') });
    const runs: string[] = [];
    // The job is not in the shared list: each run ends in "unknown job", logged at its time.
    const stop = startJobTimers([daily], () => runs.push(new Date().toISOString()));
    await vi.advanceTimersByTimeAsync(22 * 3_600_000 - 1);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(runs).toEqual(['2026-09-06T12:00:00.000Z']));
    // And again the next day at 09:00 −03.
    await vi.advanceTimersByTimeAsync(24 * 3_600_000);
    await vi.waitFor(() => expect(runs).toHaveLength(2));
    expect(runs[1]).toBe('2026-09-07T12:00:00.000Z');
    stop();
    await vi.advanceTimersByTimeAsync(48 * 3_600_000);
    expect(runs).toHaveLength(2);
  });
});
