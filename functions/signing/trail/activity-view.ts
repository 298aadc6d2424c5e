import type { ActivityEvent } from '../../../shared/contract/signing.js';
import { signingEs as t } from '../../../shared/messages/signing.es.js';
import { santiagoStamp } from '../../../shared/rules/evidence-format.js';
import { getOrderParts, type OrderRecord } from '../../orders/repo.js';
import { checkOrderChain } from './audit-repo.js';

/**
 * An order's audit trail as its readers see it ('Actividad' of the customer, the notary's
 * document page): each event named in Spanish with Santiago's time, and whether the chain
 * verifies end to end.
 */
export async function activityOf(order: OrderRecord) {
  const [{ events, check }, { signers }] = await Promise.all([
    checkOrderChain(order),
    getOrderParts(order),
  ]);
  const names = new Map(signers.map((s) => [s.id, `${s.first_name} ${s.last_name}`.trim()]));
  const out: ActivityEvent[] = events.map((e) => ({
    seq: e.seq,
    kind: e.kind,
    label: t.activityKinds[e.kind] ?? e.kind,
    actor: {
      type: e.actor.type,
      name:
        e.actor.type === 'signer' || e.signer_id
          ? (names.get(e.signer_id ?? e.actor.id ?? '') ?? null)
          : e.actor.type === 'system'
            ? t.activityActors.system
            : null,
    },
    at: e.at,
    at_local: santiagoStamp(e.at),
    ip: e.ip ?? null,
    user_agent: e.user_agent ?? null,
    details: e.details ?? {},
  }));
  return { events: out, chain_ok: check.ok, chain_head: order.audit_head ?? null };
}
