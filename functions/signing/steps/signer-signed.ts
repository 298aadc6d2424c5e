import type { SigningResponse } from '../../../shared/contract/signing.js';
import { newLinkMarker } from '../../mail/link-tokens.js';
import { outboxPut } from '../../mail/outbox.js';
import type { TransactItem } from '../../orders/keys.js';
import type { OrderRecord } from '../../orders/repo.js';
import { signingLinkExpiry } from '../../orders/service.js';
import { getSigner, type SignerRecord } from '../../orders/signer-records.js';
import { signingLinkMail } from '../../orders/signing-mail.js';
import { tableName } from '../../platform/db.js';
import { logger } from '../../platform/logger.js';
import { requestSigningUpdate } from '../../requests/repo.js';
import { type Live, signerEvent } from '../link/context.js';
import { nextReminderAt, REMINDER_INDEX, reminderSortKey } from '../link/reminders.js';
import { SEALING_INDEX, sealRunPut } from '../sealing/seal-runs.js';
import type { AuditInput } from '../trail/audit-chain.js';
import { auditedWrite } from '../trail/audited-write.js';
import { sessionExpiredScreen } from './screens.js';
import { signedOutcome } from './signed-outcome.js';

/**
 * Applying a signature, whatever its type (docs/data-model.md pattern 88): in ONE transaction
 * the signer becomes 'signed' (its link stops working), the signature and its evidence are
 * stored, the order's sign_count moves (its condition on the previous count and the audit head
 * makes two signers at once land one after the other, each counted once), the request mirrors
 * it, in order the next signer's link is issued, and the last signature moves the order to
 * sealing. What the signature is (its checks, its evidence) is the type's: types/<type>/.
 */

/** A signature as its type made it: what the shared write stores of it. */
export interface AppliedSignature {
  /** The `signature_applied` event's details: the type's evidence, covered by the chain. */
  event: AuditInput['details'];
  /** The type's fields of the SIGNATURE record (the common ones are added here). */
  record: Record<string, unknown>;
  /** Undoes what the type stored before this write (a drawn image) when the write fails. */
  discard?: () => Promise<void>;
  /** The type's own writes that land with the signature or not at all (a provider's job end). */
  moreItems?: TransactItem[];
}

export async function applySignature(
  live: Live,
  signature: AppliedSignature,
): Promise<SigningResponse> {
  const nowIso = live.input.now.toISOString();

  // In order: the next signer's link is issued by this same transaction.
  const nextId = live.order.sign_in_order
    ? live.order.signer_ids[live.signer.signer_index]
    : undefined;
  const next = nextId ? await getSigner(nextId) : undefined;

  const res = await auditedWrite(live.order.id, nowIso, (order) => {
    const before = order.sign_count ?? 0;
    const count = before + 1;
    const last = count >= order.signers_count;
    const handOver = !last && order.sign_in_order === true && next ? next : undefined;
    const events: AuditInput[] = [signerEvent(live, 'signature_applied', signature.event)];
    if (last) events.push({ kind: 'all_signed', actor: { type: 'system' } });
    if (handOver) {
      events.push({ kind: 'link_issued', actor: { type: 'system' }, signer_id: handOver.id });
    }
    const items: TransactItem[] = [
      {
        Update: {
          TableName: tableName(),
          Key: { pk: `SIGNER#${live.signer.id}`, sk: 'META' },
          UpdateExpression:
            'SET estado_firma = :signed, signed_at = :now, signature_type = :type, updated_at = :now REMOVE token_hash, token_expires_at, reminder_due_at, gsi1pk, gsi1sk',
          ConditionExpression:
            'token_hash = :lh AND estado_firma = :pending AND attribute_not_exists(link_revoked_at)',
          ExpressionAttributeValues: {
            ':signed': 'signed',
            ':pending': 'pending',
            ':now': nowIso,
            ':type': live.session.signature_type,
            ':lh': live.session.link_token_hash,
          },
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: {
            pk: `SIGNER#${live.signer.id}`,
            sk: 'SIGNATURE',
            type: 'Signature',
            order_id: order.id,
            signature_type: live.session.signature_type,
            ...signature.record,
            ip: live.input.ip,
            user_agent: live.input.userAgent.slice(0, 256),
            signed_at: nowIso,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      requestSigningUpdate(order.request_id, {
        signCount: count,
        overall: last ? 'signed' : 'pending',
      }),
      ...(handOver ? nextLinkItems(order, handOver, live.input.now) : []),
      // The last signature starts the seal: this run's INSERT becomes its queue message.
      ...(last ? [sealRunPut(order.id, 1, 'last_signature', live.input.now)] : []),
      ...(signature.moreItems ?? []),
    ];
    const turn = order.sign_in_order === true;
    return {
      items,
      events,
      order: {
        set: [
          'sign_count = :count',
          'updated_at = :now',
          ...(last
            ? [
                'signing_stage = :sealing',
                'sealing_since = :now',
                'gsi2pk = :sealIdx',
                'gsi2sk = :sealKey',
              ]
            : []),
          ...(turn ? ['turn = :nextTurn'] : []),
        ].join(', '),
        condition:
          '#st = :processing AND (' +
          (before === 0 ? 'attribute_not_exists(sign_count) OR ' : '') +
          'sign_count = :before)' +
          // The turn is checked here, with the signature: a forwarded or stale link of a
          // later signer can never sign early.
          (turn ? ' AND turn = :myTurn' : ''),
        names: { '#st': 'status' },
        values: {
          ':processing': 'processing',
          ':count': count,
          ':before': before,
          ':now': nowIso,
          ...(last
            ? {
                ':sealing': 'sealing',
                ':sealIdx': SEALING_INDEX,
                ':sealKey': `${nowIso}#${order.id}`,
              }
            : {}),
          ...(turn
            ? {
                ':myTurn': live.signer.signer_index,
                ':nextTurn': last ? null : live.signer.signer_index + 1,
              }
            : {}),
        },
      },
    };
  });
  if (!res.ok) {
    await signature.discard?.();
    logger.info('signing: signature did not land', { failed: String(res.failed) });
    // Signed meanwhile in another tab: show that; otherwise the link or order changed.
    const now = await getSigner(live.signer.id);
    if (now?.estado_firma === 'signed') return signedOutcome(live.order, now, live.ctx);
    return sessionExpiredScreen();
  }
  return signedOutcome(live.order, { ...live.signer, signed_at: nowIso }, live.ctx, true);
}

/**
 * The next signer's link (in order): its first version issued on the signer and its mail in the
 * outbox, which mints the token when it sends (functions/mail/link-tokens.ts): no token here.
 */
function nextLinkItems(order: OrderRecord, next: SignerRecord, now: Date): TransactItem[] {
  const version = (next.link_version ?? 0) + 1;
  const marker = newLinkMarker();
  const expires = signingLinkExpiry(now);
  const due = nextReminderAt(expires, 0) ?? expires;
  return [
    {
      Update: {
        TableName: tableName(),
        Key: { pk: `SIGNER#${next.id}`, sk: 'META' },
        UpdateExpression:
          'SET link_version = :v, token_expires_at = :exp, updated_at = :now, reminder_due_at = :due, reminders_sent = :zero, gsi1pk = :rpk, gsi1sk = :rsk REMOVE turn_waiting, token_hash',
        ConditionExpression:
          'turn_waiting = :yes AND estado_firma = :pending AND attribute_not_exists(link_revoked_at)',
        ExpressionAttributeValues: {
          ':v': version,
          ':exp': expires,
          ':now': now.toISOString(),
          ':yes': true,
          ':pending': 'pending',
          ':due': due,
          ':zero': 0,
          ':rpk': REMINDER_INDEX,
          ':rsk': reminderSortKey(due, next.id),
        },
      },
    },
    outboxPut(
      signingLinkMail(order, next, marker),
      { kind: 'signing_link', signer_id: next.id, link_version: version },
      now,
      marker,
    ),
  ];
}
