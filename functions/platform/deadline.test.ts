import { describe, expect, it } from 'vitest';
import { es } from '../../shared/messages.es.js';
import {
  beforeWrite,
  currentDeadline,
  DEADLINE_RESERVE_MS,
  Deadline,
  deadlineFor,
  isDeadlineError,
  MAX_REQUEST_MS,
  MIN_WRITE_MS,
  sdkOptions,
  withDeadline,
} from './deadline.js';
import { AppError } from './errors.js';

const fixed = (t: number) => () => t;

describe('deadline', () => {
  it('sits below the Lambda timeout, never above the cap', () => {
    const now = 1_000_000;
    const ten = deadlineFor({ getRemainingTimeInMillis: () => 10_000 }, fixed(now));
    expect(ten.at).toBe(now + 10_000 - DEADLINE_RESERVE_MS);
    const short = deadlineFor({ getRemainingTimeInMillis: () => 3_000 }, fixed(now));
    expect(short.at).toBe(now + 3_000 - DEADLINE_RESERVE_MS);
    const long = deadlineFor({ getRemainingTimeInMillis: () => 900_000 }, fixed(now));
    expect(long.at).toBe(now + MAX_REQUEST_MS);
    for (const d of [ten, short, long]) d.dispose();
  });

  it('refuses a write with too little time left, as a Spanish retryable 503', async () => {
    let t = 0;
    const d = new Deadline(1_000, () => t);
    await withDeadline(d, async () => {
      expect(currentDeadline()).toBe(d);
      t = 1_000 - MIN_WRITE_MS - 1;
      expect(() => beforeWrite()).not.toThrow();
      t = 1_000 - MIN_WRITE_MS;
      let caught: unknown;
      try {
        beforeWrite();
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(AppError);
      expect((caught as AppError).status).toBe(503);
      expect((caught as AppError).message).toBe(es.api.timeout);
      expect(isDeadlineError(caught)).toBe(true);
    });
    d.dispose();
  });

  it('aborts SDK calls at the deadline and is scoped to its request', async () => {
    const d = new Deadline(Date.now() + 20);
    const signal = await withDeadline(d, async () => sdkOptions().abortSignal);
    expect(signal?.aborted).toBe(false);
    await new Promise((r) => setTimeout(r, 40));
    expect(signal?.aborted).toBe(true);
    // Outside a request: no deadline, no checks (jobs, tests, the seed).
    expect(currentDeadline()).toBeUndefined();
    expect(sdkOptions()).toEqual({});
    expect(() => beforeWrite()).not.toThrow();
  });
});
