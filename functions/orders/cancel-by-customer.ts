import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { OrderCancellation } from '../../shared/contract/orders.js';
import { ordersEs } from '../../shared/messages/orders.es.js';
import { unavailableCodes } from '../catalog/availability.js';
import { outboxPut } from '../mail/outbox.js';
import type { ActingAs } from '../organizations/acting-as.js';
import { db, tableName } from '../platform/db.js';
import { beforeWrite } from '../platform/deadline.js';
import { AppError, notFound, tooManyRequests } from '../platform/errors.js';
import { logger } from '../platform/logger.js';
import type { AuditInput } from '../signing/trail/audit-chain.js';
import { type AuditedChange, composeAudited } from '../signing/trail/audited-write.js';
import { getOrderFor } from './access.js';
import { signerCancelledMail } from './cancel-mail.js';
import { cancelTerms } from './cancel-policy.js';
import type { TransactItem } from './keys.js';
import { refundOf, sendWithRefund, settleAfter } from './order-refund.js';
import { failedConditions, getOrder, getOrderParts, type OrderRecord } from './repo.js';
import { REPLACED_KEPT, type SignerRecord } from './signer-records.js';

/**
 * The customer cancels one of their orders (issue 21; docs/data-model.md pattern 69b). In ONE
 * transaction, on the order's audit trail: the order becomes 'cancelled' (its condition: still
 * 'processing', the audit head read, the signature count read), every signer's link is revoked
 * (the hash it had is kept among the replaced ones, so the signing page can say the order was
 * cancelled), each signer who ever got a link is told by e-mail through the outbox, and what the
 * policy gives back (cancel-policy.ts) comes back: credits to their lots in this very
 * transaction (ledger key `order-cancel:{id}`), a card through a REFUND# record settled with
 * Stripe right after (and by the retry-refunds job until done).
 *
 * Whatever races it loses cleanly: a signature or another cancellation moves the audit head, a
 * seal commit requires 'processing', a signer's link write requires no revocation. So an order
 * ends completed or cancelled, never both, and a seal run that loses to the cancellation deletes
 * its own file. Idempotent: a repeat of the customer's cancellation answers the same.
 */
class LostRace extends Error {}

const ATTEMPTS = 8;

export interface CancelOutcome {
  order: OrderRecord;
  refunded: boolean;
}

export async function cancelByCustomer(
  orderId: string,
  acting: ActingAs,
  now: Date,
): Promise<CancelOutcome> {
  const nowIso = now.toISOString();
  const sub = acting.sub;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const order = await getOrderFor(orderId, acting);
    if (!order) throw notFound(ordersEs.orderNotFound);
    if (order.status !== 'processing') return alreadyEnded(order);
    const terms = cancelTerms(order, await unavailableCodes(order.country_id));
    if (!terms) return alreadyEnded(order);
    const { signers } = await getOrderParts(order);
    const { items } = composeAudited(order, cancellation(order, signers, terms, sub, now), nowIso);
    try {
      if (terms.refund === 'full') {
        await sendWithRefund(order, reasonOf(terms), items, now, () => new LostRace());
      } else {
        beforeWrite();
        await db().send(new TransactWriteCommand({ TransactItems: items }));
      }
    } catch (err) {
      // A signature, a link mail or another cancellation moved the order: read it again.
      if (err instanceof LostRace || failedConditions(err)) {
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * (attempt + 1)));
        continue;
      }
      throw err;
    }
    logger.info('order cancelled by its customer', {
      orderId,
      refund: terms.refund,
      unavailable: terms.unavailable,
    });
    if (terms.refund === 'full') await settleAfter(order);
    const after = await getOrder(orderId);
    return { order: after ?? order, refunded: terms.refund === 'full' };
  }
  throw tooManyRequests();
}

const reasonOf = (terms: OrderCancellation) =>
  terms.unavailable ? ('unavailable' as const) : ('customer_cancelled' as const);

/** A repeat of the customer's own cancellation answers it again; any other end is a 409. */
function alreadyEnded(order: OrderRecord): CancelOutcome {
  if (order.cancel_reason === 'customer_cancelled' || order.cancel_reason === 'unavailable') {
    return { order, refunded: order.cancel_refund === 'full' };
  }
  throw new AppError(
    'CONFLICT',
    order.status === 'completed' ? ordersEs.cancelCompleted : ordersEs.cancelAlreadyCancelled,
  );
}

function cancellation(
  order: OrderRecord,
  signers: SignerRecord[],
  terms: OrderCancellation,
  sub: string,
  now: Date,
): AuditedChange {
  const nowIso = now.toISOString();
  const reason = reasonOf(terms);
  const refund = terms.refund === 'full' ? refundOf(order, reason, nowIso) : undefined;
  // Those who got a link know of the order; one still waiting for their turn never heard of it.
  const told = signers.filter((s) => s.link_version && s.estado_firma !== 'rejected');
  const items: TransactItem[] = [
    ...signers.map((s) => revokeLink(s, order.id, nowIso)),
    ...told.map((s) =>
      outboxPut(
        signerCancelledMail(order, s),
        { kind: 'order_notice', order_id: order.id, notice: 'order_cancelled' },
        now,
      ),
    ),
    ...(refund?.items ?? []),
  ];
  const events: AuditInput[] = [
    {
      kind: 'cancelled',
      actor: { type: 'requester', id: sub },
      details: { reason, refund: terms.refund, during: order.signing_stage ?? 'signing' },
    },
    { kind: 'links_revoked', actor: { type: 'system' }, details: { count: signers.length } },
    ...(refund ? [refund.event] : []),
  ];
  const signed = order.sign_count ?? 0;
  return {
    items,
    events,
    order: {
      set: '#st = :cancelled, cancel_reason = :why, cancel_refund = :refund, cancelled_at = :now, updated_at = :now',
      // Sealing: off the sweep's index, and a seal run's lease with it (its commit fails).
      ...(order.signing_stage === 'sealing' ? { remove: 'gsi2pk, gsi2sk, seal_lease_until' } : {}),
      // The policy was decided on this count: a signature landing first changes the answer.
      condition: `#st = :processing AND (${signed === 0 ? 'attribute_not_exists(sign_count) OR ' : ''}sign_count = :signed)`,
      names: { '#st': 'status' },
      values: {
        ':cancelled': 'cancelled',
        ':processing': 'processing',
        ':why': reason,
        ':refund': terms.refund,
        ':now': nowIso,
        ':signed': signed,
      },
    },
  };
}

/**
 * The signer's link stops working for good (as revokeSignerLink does), and the hash it had
 * joins the replaced ones: opening it later says the order was cancelled, not "invalid".
 */
function revokeLink(signer: SignerRecord, orderId: string, nowIso: string): TransactItem {
  const replaced = signer.token_hash
    ? [signer.token_hash, ...(signer.replaced_token_hashes ?? [])].slice(0, REPLACED_KEPT)
    : undefined;
  return {
    Update: {
      TableName: tableName(),
      Key: { pk: `SIGNER#${signer.id}`, sk: 'META' },
      UpdateExpression: `SET link_revoked_at = if_not_exists(link_revoked_at, :now), updated_at = :now${replaced ? ', replaced_token_hashes = :old' : ''} REMOVE token_hash, token_expires_at, reminder_due_at, gsi1pk, gsi1sk`,
      ConditionExpression: 'order_id = :o',
      ExpressionAttributeValues: {
        ':o': orderId,
        ':now': nowIso,
        ...(replaced ? { ':old': replaced } : {}),
      },
    },
  };
}
