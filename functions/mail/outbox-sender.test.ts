import { describe, expect, it } from 'vitest';
import { backoffMs, LEASE_MS } from './outbox-sender.js';
import { outboxIdOf } from './send-outbox.js';

describe('backoffMs', () => {
  it('doubles from 2 s and stops at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(backoffMs)).toEqual([
      2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(backoffMs(0)).toBe(2_000);
  });

  it('is always shorter than a lease, so a failed sender never blocks the next try', () => {
    for (let a = 0; a < 50; a++) expect(backoffMs(a)).toBeLessThan(LEASE_MS);
  });
});

describe('outboxIdOf', () => {
  it('reads the id the pipe writes', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(outboxIdOf(JSON.stringify({ outbox_id: id }))).toBe(id);
  });

  it.each(['', 'null', '{}', '{"outbox_id": 5}', '{"outbox_id": "../x"}', 'not json'])(
    'refuses %j',
    (body) => {
      expect(outboxIdOf(body)).toBeUndefined();
    },
  );
});
