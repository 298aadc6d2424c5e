import { createHash } from 'node:crypto';

/**
 * The order's evidence: an append-only, hash-chained list of events (docs/drafts/
 * signing-design.md §2.3). Each event carries the hash of the one before it, so changing,
 * removing or reordering any event breaks every hash after it; the chain head lives on the
 * order and is advanced in the same transaction as the change the event records.
 * Pure functions: the keys and writes are in audit-repo.ts.
 */

export const auditKinds = [
  'order_paid',
  'link_issued',
  'link_resent',
  'email_sent',
  'link_opened',
  'consent_given',
  'document_viewed',
  'code_sent',
  'code_verified',
  'code_failed',
  'code_locked',
  'signature_applied',
  // The advanced signature's provider (types/advanced/): an SMS sent, a refusal, an enrolment.
  'fea_code_sent',
  'fea_refused',
  'fea_enrolment_sent',
  // FES + Clave Única: the identity provider's answer (the RUN and its subject), or a refusal.
  'identity_verified',
  'identity_refused',
  // The biometric signature: each comparison at the provider (its transaction and result).
  'biometric_verified',
  'biometric_refused',
  'rejected',
  'links_revoked',
  'reminder_sent',
  'all_signed',
  'sealing_started',
  'sealed',
  'seal_failed',
  'delivery_queued',
  'delivered',
  'completed',
  'cancelled',
  'refund_queued',
  'retimestamped',
  // The notarial side (issue 22): functions/notary/.
  'notary_assigned',
  'notary_unassigned',
  'notary_taken',
  'notary_review_started',
  'notary_overdue',
  'notary_reassigned',
  'notary_approved',
  'notary_notarized',
  'notary_rejected',
] as const;
export type AuditKind = (typeof auditKinds)[number];

export interface AuditActor {
  type: 'signer' | 'requester' | 'system' | 'admin' | 'notary';
  id?: string;
}

/** What a caller records; seq, time and hashes are added on append. */
export interface AuditInput {
  kind: AuditKind;
  actor: AuditActor;
  signer_id?: string;
  ip?: string;
  user_agent?: string;
  /** Small facts: hashes, mail kind, reason. Never tokens, codes or mail bodies. */
  details?: Record<string, string | number | boolean | null>;
}

export interface AuditEvent extends AuditInput {
  seq: number;
  at: string;
  prev_hash: string;
  hash: string;
}

const MAX_UA = 256;

/** The first event's `prev_hash`: bound to the order, so events cannot move between orders. */
export const genesisHash = (orderId: string): string => sha256Hex(`sello-audit:${orderId}`);

function sha256Hex(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}

/** JSON with keys sorted at every level and no undefined values: one text per value. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The hashed part of an event: everything but the hashes themselves. */
function body(e: Omit<AuditEvent, 'hash' | 'prev_hash'>): string {
  return canonicalJson({
    seq: e.seq,
    kind: e.kind,
    actor: e.actor,
    signer_id: e.signer_id,
    ip: e.ip,
    user_agent: e.user_agent,
    at: e.at,
    details: e.details,
  });
}

export const eventHash = (prevHash: string, e: Omit<AuditEvent, 'hash' | 'prev_hash'>): string =>
  sha256Hex(`${prevHash}\n${body(e)}`);

/**
 * Chains new events after (seq, head): returns them with seq, time and hashes, and the new head.
 */
export function chainEvents(
  start: { seq: number; head: string },
  inputs: readonly AuditInput[],
  at: string,
): { events: AuditEvent[]; seq: number; head: string } {
  let { seq, head } = start;
  const events: AuditEvent[] = [];
  for (const input of inputs) {
    seq += 1;
    const base = {
      ...input,
      user_agent: input.user_agent?.slice(0, MAX_UA),
      seq,
      at,
    };
    const hash = eventHash(head, base);
    events.push({ ...base, prev_hash: head, hash });
    head = hash;
  }
  return { events, seq, head };
}

export type ChainCheck =
  | { ok: true; seq: number; head: string }
  | { ok: false; at_seq: number; reason: 'gap' | 'prev_hash' | 'hash' | 'head' };

/**
 * Walks the events in order and recomputes every hash: a gap, a wrong link or a changed event
 * is found at its seq. The head the order records must be the hash at its seq: it is a
 * snapshot read before the events, so events appended since may follow it (each still has to
 * chain from it), but none it counts may be missing or different.
 */
export function verifyChain(
  orderId: string,
  events: readonly AuditEvent[],
  expectedHead?: { seq: number; head: string },
): ChainCheck {
  let head = genesisHash(orderId);
  let seq = 0;
  let headAtExpected = expectedHead?.seq === 0 ? head : undefined;
  for (const e of events) {
    if (e.seq !== seq + 1) return { ok: false, at_seq: seq + 1, reason: 'gap' };
    if (e.prev_hash !== head) return { ok: false, at_seq: e.seq, reason: 'prev_hash' };
    const { hash: _h, prev_hash: _p, ...rest } = e;
    if (eventHash(head, rest) !== e.hash) return { ok: false, at_seq: e.seq, reason: 'hash' };
    head = e.hash;
    seq = e.seq;
    if (e.seq === expectedHead?.seq) headAtExpected = head;
  }
  if (expectedHead && headAtExpected !== expectedHead.head) {
    return { ok: false, at_seq: Math.min(seq, expectedHead.seq), reason: 'head' };
  }
  return { ok: true, seq, head };
}
