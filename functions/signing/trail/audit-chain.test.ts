import { describe, expect, it } from 'vitest';
import {
  type AuditEvent,
  type AuditInput,
  canonicalJson,
  chainEvents,
  genesisHash,
  verifyChain,
} from './audit-chain.js';

const inputs: AuditInput[] = [
  { kind: 'order_paid', actor: { type: 'requester', id: 'u1' } },
  { kind: 'link_issued', actor: { type: 'system' }, signer_id: 's1' },
  {
    kind: 'link_opened',
    actor: { type: 'signer', id: 's1' },
    signer_id: 's1',
    ip: '203.0.113.9',
    user_agent: 'Mozilla/5.0',
  },
];

describe('audit chain', () => {
  it('sorts keys at every level and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { y: 1, x: 0 }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"x":0,"y":1}]},"b":1}',
    );
  });

  it('chains each event to the one before, starting at the order-bound genesis', () => {
    const { events, seq, head } = chainEvents({ seq: 0, head: genesisHash('o1') }, inputs, 'T');
    expect(seq).toBe(3);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(events[0]?.prev_hash).toBe(genesisHash('o1'));
    expect(events[1]?.prev_hash).toBe(events[0]?.hash);
    expect(head).toBe(events[2]?.hash);
    expect(verifyChain('o1', events, { seq, head })).toEqual({ ok: true, seq: 3, head });
  });

  it('continues a chain across appends exactly as one append would', () => {
    const all = chainEvents({ seq: 0, head: genesisHash('o1') }, inputs, 'T');
    const first = chainEvents({ seq: 0, head: genesisHash('o1') }, inputs.slice(0, 1), 'T');
    const rest = chainEvents({ seq: first.seq, head: first.head }, inputs.slice(1), 'T');
    expect([...first.events, ...rest.events]).toEqual(all.events);
  });

  it('finds a changed, removed, reordered or foreign event, and a wrong head', () => {
    const { events, seq, head } = chainEvents({ seq: 0, head: genesisHash('o1') }, inputs, 'T');
    const [e1, e2, e3] = events as [AuditEvent, AuditEvent, AuditEvent];
    const changed = events.map((e) => (e.seq === 2 ? { ...e, signer_id: 's2' } : e));
    expect(verifyChain('o1', changed)).toEqual({ ok: false, at_seq: 2, reason: 'hash' });
    expect(verifyChain('o1', [e1, e3])).toMatchObject({ ok: false, reason: 'gap' });
    const swapped = [e1, { ...e3, seq: 2 }, { ...e2, seq: 3 }];
    expect(verifyChain('o1', swapped)).toMatchObject({ ok: false, reason: 'prev_hash' });
    expect(verifyChain('o2', events)).toMatchObject({ ok: false, at_seq: 1, reason: 'prev_hash' });
    expect(verifyChain('o1', events.slice(0, 2), { seq, head })).toMatchObject({
      ok: false,
      reason: 'head',
    });
  });

  it('accepts events appended after the head was read, chained from it, and nothing else', () => {
    const { events } = chainEvents({ seq: 0, head: genesisHash('o1') }, inputs, 'T');
    const [e1, e2] = events as [AuditEvent, AuditEvent, AuditEvent];
    // The order was read when it stood at seq 2; the third event was appended before the list.
    const snapshot = { seq: 2, head: e2.hash };
    expect(verifyChain('o1', events, snapshot)).toMatchObject({ ok: true, seq: 3 });
    // A head the events never reached, or a different hash at its seq, is still refused.
    expect(verifyChain('o1', [e1], snapshot)).toMatchObject({ ok: false, reason: 'head' });
    expect(verifyChain('o1', events, { seq: 2, head: e1.hash })).toMatchObject({
      ok: false,
      at_seq: 2,
      reason: 'head',
    });
    expect(verifyChain('o1', [], { seq: 0, head: genesisHash('o1') })).toMatchObject({ ok: true });
  });

  it('caps the user agent it records', () => {
    const { events } = chainEvents(
      { seq: 0, head: genesisHash('o') },
      [{ kind: 'link_opened', actor: { type: 'signer' }, user_agent: 'x'.repeat(1000) }],
      'T',
    );
    expect(events[0]?.user_agent).toHaveLength(256);
  });
});
