import { notaryEs } from '../../shared/messages/notary.es.js';
import { canMove, minutesBetween, movesInto } from '../../shared/rules/assignment.js';
import { outboxPut } from '../mail/outbox.js';
import type { TransactItem } from '../orders/keys.js';
import { getOrder, type OrderRecord } from '../orders/repo.js';
import { getOrganization } from '../organizations/repo.js';
import { tableName } from '../platform/db.js';
import { AppError } from '../platform/errors.js';
import type { AuditInput } from '../signing/trail/audit-chain.js';
import { auditedWrite } from '../signing/trail/audited-write.js';
import { type ActionInput, ownAssignment } from './actions.js';
import { type AssignmentRecord, getAssignment } from './assignments-repo.js';
import { approvedMail } from './decision-mail.js';
import { assignmentKey, queuePk, queueSk } from './keys.js';
import { counterUpdate } from './settings-updates.js';

/**
 * A decision that ends an order's notarial service: the assignment's new state, what it adds
 * to the assignment and the order, the trail's event and the customer's notices.
 */
export interface Decision {
  status: 'approved' | 'notarized' | 'rejected';
  /** The trail's event of the decision (the 'completed' event follows it). */
  event: Extract<AuditInput['kind'], 'notary_approved' | 'notary_notarized' | 'notary_rejected'>;
  /** More events after it (a refund queued). */
  moreEvents?: AuditInput[];
  /** More items of the transaction (a REFUND# record). */
  moreItems?: TransactItem[];
  /** Sends the transaction itself (a credits refund goes with the ledger's writes). */
  sender?: (items: TransactItem[], order: OrderRecord) => Promise<void>;
  /** After the transaction committed (a card refund settled with Stripe). */
  after?: (order: OrderRecord) => Promise<void>;
  details?: Record<string, unknown>;
  /** More SET clauses on the assignment and on the order, each with its values (`:d_…`). */
  assignmentSet?: { expr: string; values: Record<string, unknown> };
  orderSet?: { expr: string; values: Record<string, unknown> };
  /** The outbox items telling the customer (and the signers), written in the same transaction. */
  notices: (order: OrderRecord, notaryName: string, a: AssignmentRecord) => TransactItem[];
  /** Refuses the decision on the order as read now (a 4xx AppError), before any write. */
  check?: (order: OrderRecord) => void;
  /**
   * Whether an assignment already in `status` holds this very decision (a repeat answers it);
   * without it any assignment in `status` does. A different one is refused with 409.
   */
  same?: (a: AssignmentRecord) => boolean;
}

/**
 * The notary's decision (states: taken | in_review → approved | notarized | rejected), given
 * as is or built on the order as read (what the notices or a refund need): the assignment moves
 * to the 'Completados' tab and leaves the SLA index, the notary's load and counters move
 * (processed, minutes of processing), the order is completed (`notarial_stage` = the decision),
 * its trail gets the decision and the completion, and the customer's notices go to the outbox:
 * ONE audited transaction, conditioned on the assignment's state and the order still being this
 * assignment's and running. A repeat of the same decision answers the decided assignment.
 */
export async function decide(
  input: ActionInput,
  decision: Decision | ((order: OrderRecord) => Promise<Decision>),
): Promise<AssignmentRecord> {
  const a = await ownAssignment(input.orgId, input.assignmentId);
  const order = await getOrder(a.order_id);
  if (!order) throw new AppError('CONFLICT', notaryEs.notDecidable);
  // Built on the order as read: a rejection's refund is the part of what this order cost.
  const d = typeof decision === 'function' ? await decision(order) : decision;
  if (a.status === d.status) return sameOrRefused(a, d);
  if (!canMove(a.status, d.status)) throw new AppError('CONFLICT', notaryEs.notDecidable);
  if (order.assignment_id !== a.id || order.status !== 'processing') {
    // Another member's decision may have completed the order since the read above.
    return decidedOrRefused(a.id, d);
  }
  d.check?.(order);
  const notary = await getOrganization(input.orgId);
  const nowIso = input.now.toISOString();
  const minutes = Math.max(0, minutesBetween(a.taken_at, nowIso) ?? 0);
  const from = movesInto(d.status);
  const res = await auditedWrite(
    a.order_id,
    nowIso,
    (o) =>
      o.assignment_id !== a.id || o.status !== 'processing'
        ? undefined
        : {
            items: [
              {
                Update: {
                  TableName: tableName(),
                  Key: assignmentKey(a.id),
                  UpdateExpression: `SET #st = :decided, decided_at = :now, decided_by = :sub, updated_at = :now, gsi1pk = :qpk, gsi1sk = :qsk${d.assignmentSet ? `, ${d.assignmentSet.expr}` : ''} REMOVE gsi2pk, gsi2sk`,
                  ConditionExpression: `#st IN (${from.map((_, i) => `:from${i}`).join(', ')}) AND notary_org_id = :org`,
                  ExpressionAttributeNames: { '#st': 'status' },
                  ExpressionAttributeValues: {
                    ':decided': d.status,
                    ':now': nowIso,
                    ':sub': input.sub,
                    ':org': input.orgId,
                    ':qpk': queuePk(input.orgId, 'completed'),
                    ':qsk': queueSk(nowIso, a.id),
                    ...Object.fromEntries(from.map((s, i) => [`:from${i}`, s])),
                    ...d.assignmentSet?.values,
                  },
                },
              },
              counterUpdate(input.orgId, {
                open: -1,
                processing: -1,
                completed: 1,
                processed: 1,
                minutes,
              }),
              ...d.notices(o, notary?.name ?? '', a),
              ...(d.moreItems ?? []),
            ],
            events: [
              {
                kind: d.event,
                actor: { type: 'notary', id: input.sub },
                details: { assignment_id: a.id, notary_org_id: input.orgId, ...d.details },
              },
              ...(d.moreEvents ?? []),
              { kind: 'completed', actor: { type: 'system' } },
            ],
            order: {
              set: `#st = :completed, completed_at = :now, notarial_stage = :stage, updated_at = :now${d.orderSet ? `, ${d.orderSet.expr}` : ''}`,
              condition: 'assignment_id = :aid AND #st = :processing',
              names: { '#st': 'status' },
              values: {
                ':completed': 'completed',
                ':stage': d.status,
                ':aid': a.id,
                ':processing': 'processing',
                ':now': nowIso,
                ...d.orderSet?.values,
              },
            },
          },
    d.sender,
  );
  if (res.ok) await d.after?.(res.order);
  return res.ok ? ((await getAssignment(a.id)) ?? a) : decidedOrRefused(a.id, d);
}

/** The same decision made by another request first answers the decided assignment. */
async function decidedOrRefused(id: string, d: Decision): Promise<AssignmentRecord> {
  const after = await getAssignment(id);
  if (after?.status === d.status) return sameOrRefused(after, d);
  throw new AppError('CONFLICT', notaryEs.notDecidable);
}

function sameOrRefused(a: AssignmentRecord, d: Decision): AssignmentRecord {
  if (!d.same || d.same(a)) return a;
  throw new AppError('CONFLICT', notaryEs.alreadyDecided);
}

/** The decision 'approve': the notary found the signed document in order; the order ends. */
export function approve(input: ActionInput): Promise<AssignmentRecord> {
  return decide(input, {
    status: 'approved',
    event: 'notary_approved',
    notices: (o, notaryName, a) => [
      outboxPut(
        approvedMail(o, notaryName, a.service_name),
        { kind: 'order_notice', order_id: o.id, notice: 'notary_approved' },
        input.now,
      ),
    ],
  });
}
