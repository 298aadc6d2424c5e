import { notaryEs } from '../../shared/messages/notary.es.js';
import { organizationsEs } from '../../shared/messages/organizations.es.js';
import { tableName } from '../platform/db.js';
import { AppError, notFound } from '../platform/errors.js';
import { auditedWrite } from '../signing/trail/audited-write.js';
import { type AssignmentRecord, getAssignment } from './assignments-repo.js';
import { assignmentKey, dueKeys, queuePk, queueSk } from './keys.js';
import { getNotarySettings } from './settings-repo.js';
import { counterUpdate } from './settings-updates.js';

/**
 * The notary's moves on its own assignment (§7 notary action; states in
 * shared/rules/assignment.ts): each is ONE audited transaction on the order, conditioned on
 * the state it starts from and on the assignment being this notary's. Two members taking one
 * document at once: one write wins, the other is told who was first.
 */
export interface ActionInput {
  orgId: string;
  sub: string;
  assignmentId: string;
  now: Date;
}

export async function ownAssignment(orgId: string, id: string): Promise<AssignmentRecord> {
  const a = await getAssignment(id);
  if (!a) throw notFound(notaryEs.notFound);
  // Another notary's assignment answers like an unknown one: an id reveals nothing.
  if (a.notary_org_id !== orgId) throw notFound(notaryEs.notFound);
  return a;
}

/** 'Tomar Documento': assigned → taken; the process clock starts. */
export async function takeDocument(input: ActionInput): Promise<AssignmentRecord> {
  const a = await ownAssignment(input.orgId, input.assignmentId);
  if (a.status !== 'assigned') throw refusalFor(a);
  const settings = await getNotarySettings(input.orgId);
  const nowIso = input.now.toISOString();
  const processDue = new Date(
    input.now.getTime() + settings.process_minutes * 60_000,
  ).toISOString();
  const due = dueKeys(a.id, processDue);
  const res = await auditedWrite(a.order_id, nowIso, (o) =>
    o.assignment_id !== a.id || o.status !== 'processing'
      ? undefined
      : {
          items: [
            {
              Update: {
                TableName: tableName(),
                Key: assignmentKey(a.id),
                UpdateExpression: [
                  'SET #st = :taken, taken_at = :now, taken_by = :sub, process_due = :due',
                  'overdue_noted = :none, updated_at = :now, gsi1pk = :qpk, gsi1sk = :qsk',
                  'gsi2pk = :dpk, gsi2sk = :dsk',
                ].join(', '),
                ConditionExpression: '#st = :assigned AND notary_org_id = :org',
                ExpressionAttributeNames: { '#st': 'status' },
                ExpressionAttributeValues: {
                  ':taken': 'taken',
                  ':assigned': 'assigned',
                  ':org': input.orgId,
                  ':sub': input.sub,
                  ':now': nowIso,
                  ':due': processDue,
                  ':none': null,
                  ':qpk': queuePk(input.orgId, 'processing'),
                  ':qsk': queueSk(nowIso, a.id),
                  ':dpk': due.gsi2pk,
                  ':dsk': due.gsi2sk,
                },
              },
            },
            counterUpdate(input.orgId, { pending: -1, processing: 1 }),
          ],
          events: [
            {
              kind: 'notary_taken',
              actor: { type: 'notary', id: input.sub },
              details: { assignment_id: a.id, notary_org_id: input.orgId },
            },
          ],
          order: {
            set: 'notarial_stage = :stage, updated_at = :now',
            condition: 'assignment_id = :aid',
            values: { ':stage': 'taken', ':aid': a.id, ':now': nowIso },
          },
        },
  );
  if (!res.ok) throw refusalFor((await getAssignment(a.id)) ?? a);
  return (await getAssignment(a.id)) ?? a;
}

/** The notary opens its review: taken → in_review (the tab stays 'En Proceso'). */
export async function startReview(input: ActionInput): Promise<AssignmentRecord> {
  const a = await ownAssignment(input.orgId, input.assignmentId);
  if (a.status === 'in_review') return a;
  if (a.status !== 'taken') throw new AppError('CONFLICT', notaryEs.notReviewable);
  const nowIso = input.now.toISOString();
  const res = await auditedWrite(a.order_id, nowIso, (o) =>
    o.assignment_id !== a.id || o.status !== 'processing'
      ? undefined
      : {
          items: [
            {
              Update: {
                TableName: tableName(),
                Key: assignmentKey(a.id),
                UpdateExpression: 'SET #st = :review, updated_at = :now',
                ConditionExpression: '#st = :taken AND notary_org_id = :org',
                ExpressionAttributeNames: { '#st': 'status' },
                ExpressionAttributeValues: {
                  ':review': 'in_review',
                  ':taken': 'taken',
                  ':org': input.orgId,
                  ':now': nowIso,
                },
              },
            },
          ],
          events: [
            {
              kind: 'notary_review_started',
              actor: { type: 'notary', id: input.sub },
              details: { assignment_id: a.id, notary_org_id: input.orgId },
            },
          ],
          order: {
            set: 'notarial_stage = :stage, updated_at = :now',
            condition: 'assignment_id = :aid',
            values: { ':stage': 'in_review', ':aid': a.id, ':now': nowIso },
          },
        },
  );
  const after = (await getAssignment(a.id)) ?? a;
  if (!res.ok && after.status !== 'in_review')
    throw new AppError('CONFLICT', notaryEs.notReviewable);
  return after;
}

/** Why a take cannot happen: someone of the notary took it first, or it left the queue. */
function refusalFor(a: AssignmentRecord): AppError {
  if (a.status === 'taken' || a.status === 'in_review') {
    return new AppError('CONFLICT', organizationsEs.takenByAnother);
  }
  return new AppError('CONFLICT', notaryEs.notTakeable);
}
