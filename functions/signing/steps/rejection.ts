import type { SigningResponse } from '../../../shared/contract/signing.js';
import { fmt } from '../../../shared/messages/fmt.js';
import { signingEs as t } from '../../../shared/messages/signing.es.js';
import { outboxPut } from '../../mail/outbox.js';
import type { TransactItem } from '../../orders/keys.js';
import { refundOf, refundText, sendWithRefund, settleAfter } from '../../orders/order-refund.js';
import { failedConditions, getOrder, type OrderRecord } from '../../orders/repo.js';
import { getSigner } from '../../orders/signer-records.js';
import { required } from '../../platform/config.js';
import { tableName } from '../../platform/db.js';
import { layout } from '../../platform/mail-templates.js';
import { requestSigningUpdate } from '../../requests/repo.js';
import { type Live, signerEvent } from '../link/context.js';
import type { AuditInput } from '../trail/audit-chain.js';
import { type AuditedChange, composeAudited } from '../trail/audited-write.js';
import { verifiedStillValid } from './email-code.js';
import { rejectFormScreen } from './rejection-screens.js';
import { startRejection } from './rejection-start.js';
import { orderClosedScreen, rejectedScreen, sessionExpiredScreen } from './screens.js';

/**
 * A signer refuses to sign (docs/data-model.md pattern 89). In ONE transaction: the signer
 * becomes 'rejected' with the reason, every other pending signer's link is revoked, the order
 * is cancelled and the request marked rejected, the requester's notice is queued in the outbox,
 * and the money comes back (order-refund.ts: credits in the same transaction under the key
 * `order-reject:{orderId}`, a card through a REFUND# record settled right after).
 */
class LostRace extends Error {}

const ATTEMPTS = 6;

export async function rejectSigning(live: Live): Promise<SigningResponse> {
  // Only the signer may reject: the same verified (and still valid) code as signing.
  if (!(live.session.progress.code_verified_at && verifiedStillValid(live))) {
    return startRejection(live);
  }
  const reason = (live.input.body.reason ?? '').replace(/\s+/g, ' ').trim();
  if (!reason) return rejectFormScreen(live.ctx, t.rejectReasonRequired);
  if (reason.length < 5) return rejectFormScreen(live.ctx, t.rejectReasonShort);
  const nowIso = live.input.now.toISOString();

  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const order = await getOrder(live.order.id);
    if (order?.status !== 'processing') {
      // A repeat of this very rejection (a double click) answers it again.
      const signer = await getSigner(live.signer.id);
      return signer?.estado_firma === 'rejected'
        ? rejectedScreen(live.ctx)
        : orderClosedScreen(live.ctx);
    }
    const change = await rejectionChange(live, order, reason, nowIso);
    const { items } = composeAudited(order, change, nowIso);
    try {
      await sendWithRefund(order, 'signer_rejected', items, live.input.now, () => new LostRace());
    } catch (err) {
      if (err instanceof LostRace || failedConditions(err)) {
        const signer = await getSigner(live.signer.id);
        if (signer?.estado_firma === 'rejected') return rejectedScreen(live.ctx);
        if (
          signer?.estado_firma !== 'pending' ||
          signer.token_hash !== live.session.link_token_hash
        ) {
          return sessionExpiredScreen();
        }
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 15 * (attempt + 1)));
        continue;
      }
      throw err;
    }
    await settleAfter(order);
    return rejectedScreen(live.ctx);
  }
  return sessionExpiredScreen();
}

async function rejectionChange(
  live: Live,
  order: OrderRecord,
  reason: string,
  nowIso: string,
): Promise<AuditedChange> {
  const T = tableName();
  const others = order.signer_ids.filter((id) => id !== live.signer.id);
  const refund = refundOf(order, 'signer_rejected', nowIso);
  const items: TransactItem[] = [
    {
      Update: {
        TableName: T,
        Key: { pk: `SIGNER#${live.signer.id}`, sk: 'META' },
        UpdateExpression:
          'SET estado_firma = :rejected, rejected_at = :now, updated_at = :now REMOVE token_hash, token_expires_at, reminder_due_at, gsi1pk, gsi1sk',
        ConditionExpression:
          'token_hash = :lh AND estado_firma = :pending AND attribute_not_exists(link_revoked_at)',
        ExpressionAttributeValues: {
          ':rejected': 'rejected',
          ':pending': 'pending',
          ':now': nowIso,
          ':lh': live.session.link_token_hash,
        },
      },
    },
    {
      Put: {
        TableName: T,
        Item: {
          pk: `SIGNER#${live.signer.id}`,
          sk: 'REJECTION',
          type: 'SigningRejection',
          order_id: order.id,
          reason,
          ip: live.input.ip,
          user_agent: live.input.userAgent.slice(0, 256),
          at: nowIso,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    requestSigningUpdate(order.request_id, { overall: 'rejected' }),
    // Every other signer's link stops working (signed ones hold none; the mark is harmless).
    ...others.map(
      (id): TransactItem => ({
        Update: {
          TableName: T,
          Key: { pk: `SIGNER#${id}`, sk: 'META' },
          UpdateExpression:
            'SET link_revoked_at = if_not_exists(link_revoked_at, :now), updated_at = :now REMOVE token_hash, token_expires_at, reminder_due_at, gsi1pk, gsi1sk',
          ConditionExpression: 'order_id = :o',
          ExpressionAttributeValues: { ':o': order.id, ':now': nowIso },
        },
      }),
    ),
    outboxPut(
      rejectionMail(order, live, reason, refund.byCredits),
      { kind: 'order_notice', order_id: order.id, notice: 'signing_rejected' },
      live.input.now,
    ),
    ...refund.items,
  ];
  const events: AuditInput[] = [
    signerEvent(live, 'rejected', { reason }),
    ...(others.length
      ? [
          {
            kind: 'links_revoked' as const,
            actor: { type: 'system' as const },
            details: { count: others.length },
          },
        ]
      : []),
    { kind: 'cancelled', actor: { type: 'system' }, details: { reason: 'signer_rejected' } },
    refund.event,
  ];
  return {
    items,
    events,
    order: {
      set: '#st = :cancelled, signing_stage = :rejected, cancel_reason = :why, cancelled_at = :now, updated_at = :now',
      condition: '#st = :processing',
      names: { '#st': 'status' },
      values: {
        ':cancelled': 'cancelled',
        ':rejected': 'rejected',
        ':why': 'signer_rejected',
        ':now': nowIso,
        ':processing': 'processing',
      },
    },
  };
}

function rejectionMail(order: OrderRecord, live: Live, reason: string, byCredits: boolean) {
  const base = required('APP_URL').replace(/\/+$/, '');
  const signer = `${live.signer.first_name} ${live.signer.last_name}`.trim();
  const refund = refundText(order, byCredits);
  return {
    to: order.billing.email,
    subject: fmt(t.rejectedMailSubject, { title: order.title }).replace(/\s+/g, ' ').trim(),
    ...layout({
      greeting: fmt(t.rejectedMailGreeting, { name: order.billing.first_name }),
      body: fmt(t.rejectedMailBody, {
        signer,
        document: order.document_name,
        number: order.order_number,
        reason,
        refund,
      }),
      action: t.rejectedMailAction,
      url: `${base}/mis-pedidos`,
      note: t.rejectedMailNote,
    }),
  };
}
