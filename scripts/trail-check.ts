import { type AuditEvent, verifyChain } from '../functions/signing/trail/audit-chain.js';
import { AUDIT_TRAIL_FORMAT } from '../shared/contract/signing.js';

/**
 * The check behind `npm run verify-trail`: a downloaded audit trail (GET /api/orders/{id}/trail)
 * is recomputed from the order's genesis, event by event, and, given the sealed PDF's text, the
 * head printed on its certificate page must be the hash of one of the trail's events (the last
 * one before sealing; the sealing and delivery events follow it).
 */
export interface TrailVerdict {
  ok: boolean;
  lines: string[];
}

/** The certificate page's label before the head (shared/messages/seal.es.ts `auditHead`). */
const HEAD_LABEL = 'Cadena de auditoría (último eslabón)';

/** The 64 hex digits printed after the label (the PDF's text may wrap them over lines). */
export function printedHead(pdfText: string): string | undefined {
  const at = pdfText.indexOf(HEAD_LABEL);
  if (at < 0) return undefined;
  const hex = pdfText
    .slice(at + HEAD_LABEL.length)
    .replace(/\s+/g, '')
    .match(/^[:]?([0-9a-f]{64})/i);
  return hex?.[1]?.toLowerCase();
}

export function checkTrail(trail: unknown, pdfText?: string): TrailVerdict {
  const lines: string[] = [];
  const t = trail as {
    format?: unknown;
    order_id?: unknown;
    order_number?: unknown;
    events?: unknown;
  };
  if (t?.format !== AUDIT_TRAIL_FORMAT || typeof t.order_id !== 'string') {
    return { ok: false, lines: [`not a Sello audit trail (${AUDIT_TRAIL_FORMAT})`] };
  }
  if (!Array.isArray(t.events) || t.events.length === 0) {
    return { ok: false, lines: ['the trail has no events'] };
  }
  const events = t.events as AuditEvent[];
  const check = verifyChain(t.order_id, events);
  lines.push(`order ${String(t.order_number)} (${t.order_id}): ${events.length} events`);
  if (!check.ok) {
    lines.push(`FAIL: the chain breaks at event ${check.at_seq} (${check.reason})`);
    return { ok: false, lines };
  }
  lines.push(`chain OK: every hash recomputed; head ${check.head} (event ${check.seq})`);
  if (pdfText === undefined) return { ok: true, lines };
  const head = printedHead(pdfText);
  if (!head) {
    lines.push('FAIL: the PDF prints no audit head');
    return { ok: false, lines };
  }
  const match = events.find((e) => e.hash === head);
  if (!match) {
    lines.push(`FAIL: the head printed in the PDF (${head}) is no event of this trail`);
    return { ok: false, lines };
  }
  lines.push(`sealed PDF OK: its printed head is event ${match.seq} (${match.kind}) of this trail`);
  return { ok: true, lines };
}
