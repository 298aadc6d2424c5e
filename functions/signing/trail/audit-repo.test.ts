import { beforeAll, describe, expect, it } from 'vitest';
import { genesisHash, verifyChain } from './audit-chain.js';
import { auditAppend } from './audit-repo.js';

beforeAll(() => {
  process.env.TABLE_NAME ??= 'sello-unit';
});

describe('auditAppend', () => {
  it('stamps events when appended: never before the last event, so time follows sequence', () => {
    const first = auditAppend(
      'o1',
      { seq: 0, head: genesisHash('o1') },
      [{ kind: 'order_paid', actor: { type: 'requester' } }],
      '2026-11-27T12:00:05.000Z',
    );
    // A change whose request read its clock earlier, appended after the first.
    const late = auditAppend(
      'o1',
      first.next,
      [{ kind: 'code_failed', actor: { type: 'signer' } }],
      '2026-11-27T12:00:01.000Z',
    );
    expect(late.events[0]?.at).toBe('2026-11-27T12:00:05.000Z');
    expect(late.values[':aat']).toBe('2026-11-27T12:00:05.000Z');
    // A later time is kept as it is.
    const next = auditAppend(
      'o1',
      late.next,
      [{ kind: 'code_verified', actor: { type: 'signer' } }],
      '2026-11-27T12:00:09.000Z',
    );
    expect(next.events[0]?.at).toBe('2026-11-27T12:00:09.000Z');
    const all = [...first.events, ...late.events, ...next.events];
    expect(verifyChain('o1', all).ok).toBe(true);
    expect(all.map((e) => e.at)).toEqual([...all.map((e) => e.at)].sort());
  });
});
