import { notaryEs } from '../../shared/messages/notary.es.js';
import { canMove, minutesBetween, movesInto } from '../../shared/rules/assignment.js';
import { outboxPut } from '../mail/outbox.js';
import { getOrder } from '../orders/repo.js';
import { getOrganization } from '../organizations/repo.js';
import { tableName } from '../platform/db.js';
import { AppError } from '../platform/errors.js';
import { auditedWrite } from '../signing/audited-write.js';
import { type ActionInput, ownAssignment } from './actions.js';
import { type AssignmentRecord, getAssignment } from './assignments-repo.js';
import { approvedMail } from './decision-mail.js';
import { assignmentKey, queuePk, queueSk } from './keys.js';
import { counterUpdate } from './settings-updates.js';

/**
 * The notary's decision 'approve' (states: taken | in_review → approved): the assignment moves
 * to the 'Completados' tab and leaves the SLA index, the notary's load and counters move
 * (processed, minutes of processing), the order is completed (`notarial_stage = approved`),
 * its trail gets the decision and the completion, and the customer's notice goes to the outbox:
 * ONE audited transaction, conditioned on the assignment's state and the order still being this
 * assignment's and running. A repeat of the same decision answers the decided assignment.
 */
export async function approve(input: ActionInput): Promise<AssignmentRecord> {
  const a = await ownAssignment(input.orgId, input.assignmentId);
  if (a.status === 'approved') return a;
  if (!canMove(a.status, 'approved')) throw new AppError('CONFLICT', notaryEs.notDecidable);
  const order = await getOrder(a.order_id);
  if (!order || order.assignment_id !== a.id || order.status !== 'processing') {
    // Another member's approval may have completed the order since the read above.
    return approvedOrRefused(a.id);
  }
  const notary = await getOrganization(input.orgId);
  const nowIso = input.now.toISOString();
  const minutes = Math.max(0, minutesBetween(a.taken_at, nowIso) ?? 0);
  const from = movesInto('approved');
  const res = await auditedWrite(a.order_id, nowIso, (o) =>
    o.assignment_id !== a.id || o.status !== 'processing'
      ? undefined
      : {
          items: [
            {
              Update: {
                TableName: tableName(),
                Key: assignmentKey(a.id),
                UpdateExpression:
                  'SET #st = :approved, decided_at = :now, decided_by = :sub, updated_at = :now, gsi1pk = :qpk, gsi1sk = :qsk REMOVE gsi2pk, gsi2sk',
                ConditionExpression: `#st IN (${from.map((_, i) => `:from${i}`).join(', ')}) AND notary_org_id = :org`,
                ExpressionAttributeNames: { '#st': 'status' },
                ExpressionAttributeValues: {
                  ':approved': 'approved',
                  ':now': nowIso,
                  ':sub': input.sub,
                  ':org': input.orgId,
                  ':qpk': queuePk(input.orgId, 'completed'),
                  ':qsk': queueSk(nowIso, a.id),
                  ...Object.fromEntries(from.map((s, i) => [`:from${i}`, s])),
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
            outboxPut(
              approvedMail(o, notary?.name ?? '', a.service_name),
              { kind: 'order_notice', order_id: o.id, notice: 'notary_approved' },
              input.now,
            ),
          ],
          events: [
            {
              kind: 'notary_approved',
              actor: { type: 'notary', id: input.sub },
              details: { assignment_id: a.id, notary_org_id: input.orgId },
            },
            { kind: 'completed', actor: { type: 'system' } },
          ],
          order: {
            set: '#st = :completed, completed_at = :now, notarial_stage = :stage, updated_at = :now',
            condition: 'assignment_id = :aid AND #st = :processing',
            names: { '#st': 'status' },
            values: {
              ':completed': 'completed',
              ':stage': 'approved',
              ':aid': a.id,
              ':processing': 'processing',
              ':now': nowIso,
            },
          },
        },
  );
  return res.ok ? ((await getAssignment(a.id)) ?? a) : approvedOrRefused(a.id);
}

/** The same decision made by another request first answers the decided assignment. */
async function approvedOrRefused(id: string): Promise<AssignmentRecord> {
  const after = await getAssignment(id);
  if (after?.status === 'approved') return after;
  throw new AppError('CONFLICT', notaryEs.notDecidable);
}
