import { describe, expect, it } from 'vitest';
import { chainEvents, genesisHash } from '../functions/signing/trail/audit-chain.js';
import { AUDIT_TRAIL_FORMAT } from '../shared/contract/signing.js';
import { checkTrail, printedHead } from './trail-check.js';

const ORDER = 'ord_trail_check_1';

function trail() {
  const { events } = chainEvents(
    { seq: 0, head: genesisHash(ORDER) },
    [
      { kind: 'order_paid', actor: { type: 'requester' } },
      {
        kind: 'signature_applied',
        actor: { type: 'signer', id: 's1' },
        signer_id: 's1',
        ip: '203.0.113.7',
        details: { signer_name: 'Ana Pérez', signer_rut: '12.345.678-5', typed_name: 'Ana Pérez' },
      },
      { kind: 'all_signed', actor: { type: 'system' } },
    ],
    '2026-11-27T12:00:00.000Z',
  );
  const { events: later } = chainEvents(
    { seq: 3, head: events[2]?.hash ?? '' },
    [{ kind: 'sealed', actor: { type: 'system' } }],
    '2026-11-27T12:00:05.000Z',
  );
  return {
    format: AUDIT_TRAIL_FORMAT,
    order_id: ORDER,
    order_number: 'ORD-1',
    events: [...events, ...later],
    printed: events[2]?.hash ?? '',
  };
}

describe('verify-trail', () => {
  it('recomputes a whole trail and finds the sealed PDF head among its events', () => {
    const t = trail();
    const pdf = `Certificado\nCadena de auditoría (último eslabón)\n${t.printed.slice(0, 40)}\n${t.printed.slice(40)}\nFin`;
    const v = checkTrail(t, pdf);
    expect(v.ok).toBe(true);
    expect(v.lines.join('\n')).toContain('its printed head is event 3 (all_signed)');
  });

  it('fails on one changed event, a dropped event, another order or a foreign head', () => {
    const changed = trail();
    const e = changed.events[1];
    if (e?.details) e.details.signer_rut = '11.111.111-1';
    expect(checkTrail(changed).ok).toBe(false);
    expect(checkTrail(changed).lines.join('\n')).toContain('breaks at event 2');

    const dropped = trail();
    dropped.events.splice(1, 1);
    expect(checkTrail(dropped).ok).toBe(false);

    expect(checkTrail({ ...trail(), order_id: 'ord_other' }).ok).toBe(false);

    const t = trail();
    const pdf = `Cadena de auditoría (último eslabón) ${'ab'.repeat(32)}`;
    expect(checkTrail(t, pdf).ok).toBe(false);
    expect(checkTrail(t, 'no head here').ok).toBe(false);
    expect(checkTrail({ events: [] }).ok).toBe(false);
  });

  it('reads the head the certificate prints, wrapped or not', () => {
    const h = 'a'.repeat(32) + 'b'.repeat(32);
    expect(printedHead(`Cadena de auditoría (último eslabón)\n${h}`)).toBe(h);
    expect(
      printedHead(`Cadena de auditoría (último eslabón)  ${h.slice(0, 10)}\n ${h.slice(10)}`),
    ).toBe(h);
    expect(printedHead('nothing')).toBeUndefined();
  });
});
