import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { chatNotificationDelete } from '../notifications/repo.js';
import type { TransactItem } from '../orders/keys.js';
import { getOrder } from '../orders/repo.js';
import { db, queryAll, tableName } from '../platform/db.js';
import { auditedWrite } from '../signing/trail/audited-write.js';
import { assignmentWrites, newAssignment } from './assign.js';
import { type AssignmentRecord, getAssignment } from './assignments-repo.js';
import { chooseNotary } from './candidates.js';
import { ASSIGNMENT_DUE_SHARDS, assignmentKey, dueKeys, duePk } from './keys.js';
import { getNotarySettings } from './settings-repo.js';
import { counterUpdate } from './settings-updates.js';

/**
 * The SLA side of the notarial-assignments job (docs/drafts/notarial-design.md §4): an
 * assignment not taken by its take time goes to another notary (one not tried yet), in ONE
 * audited transaction that closes the old one as 'reassigned'; with no other notary able to
 * take it, it stays, its lateness is put on the trail once and it is looked at again a take
 * period later. One taken and not decided by its process time is put on the trail once and
 * leaves the index (the dashboard flags it from then on).
 */
export type DueOutcome = 'reassigned' | 'flagged' | 'kept' | 'skipped';

/** The open assignments due by `nowIso`, from every shard of the overdue index. */
export async function dueAssignmentIds(nowIso: string): Promise<string[]> {
  const ids: string[] = [];
  for (let shard = 0; shard < ASSIGNMENT_DUE_SHARDS; shard++) {
    const items = await queryAll({
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :now',
      ExpressionAttributeValues: { ':pk': duePk(shard), ':now': `${nowIso}#~` },
      ProjectionExpression: 'id',
    });
    ids.push(...items.map((i) => String(i.id)));
  }
  return ids;
}

export async function handleDue(
  id: string,
  now: Date,
  random: () => number = Math.random,
): Promise<DueOutcome> {
  const a = await getAssignment(id);
  if (!a) return 'skipped';
  const nowIso = now.toISOString();
  if (a.status === 'assigned' && a.take_due <= nowIso) return notTaken(a, now, random);
  if (
    (a.status === 'taken' || a.status === 'in_review') &&
    a.process_due &&
    a.process_due <= nowIso
  ) {
    return notProcessed(a, nowIso);
  }
  return 'skipped';
}

async function notTaken(a: AssignmentRecord, now: Date, random: () => number): Promise<DueOutcome> {
  const nowIso = now.toISOString();
  const order = await getOrder(a.order_id);
  if (!order || order.assignment_id !== a.id || order.status !== 'processing') {
    // The order moved on (cancelled, or already reassigned): the assignment leaves the index.
    await closeIndex(a, nowIso);
    return 'skipped';
  }
  const choice = await chooseNotary(a.service_code, a.region_code, a.tried, random());
  if (!choice) return keepLate(a, now);
  const next = newAssignment(order, choice, a.service_name, a.tried, now);
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
                  'SET #st = :reassigned, updated_at = :now REMOVE gsi1pk, gsi1sk, gsi2pk, gsi2sk',
                ConditionExpression: '#st = :assigned',
                ExpressionAttributeNames: { '#st': 'status' },
                ExpressionAttributeValues: {
                  ':reassigned': 'reassigned',
                  ':assigned': 'assigned',
                  ':now': nowIso,
                },
              },
            },
            counterUpdate(a.notary_org_id, { open: -1, pending: -1 }),
            // The old notary can no longer open this thread (404), so nothing would ever clear
            // its bell's notification: it goes here. Deleting it once, with the reassignment, is
            // simpler than every bell read checking each item's assignment is still its own.
            chatNotificationDelete(
              { audience: 'notary', orgId: a.notary_org_id },
              { order_id: a.order_id, order_number: a.order_number, assignment_id: a.id },
            ),
            ...assignmentWrites(next),
          ],
          events: [
            {
              kind: 'notary_reassigned',
              actor: { type: 'system' },
              details: {
                reason: 'not_taken',
                from_assignment_id: a.id,
                from_notary_org_id: a.notary_org_id,
                assignment_id: next.id,
                notary_org_id: next.notary_org_id,
              },
            },
          ],
          order: {
            set: 'assignment_id = :aid, notary_org_id = :org, notarial_stage = :stage, updated_at = :now',
            condition: 'assignment_id = :old',
            values: {
              ':aid': next.id,
              ':org': next.notary_org_id,
              ':stage': 'assigned',
              ':old': a.id,
              ':now': nowIso,
            },
          },
        },
  );
  return res.ok ? 'reassigned' : 'skipped';
}

/** Nobody else can take it: the lateness on the trail once, and a look again a period later. */
async function keepLate(a: AssignmentRecord, now: Date): Promise<DueOutcome> {
  const settings = await getNotarySettings(a.notary_org_id);
  const nowIso = now.toISOString();
  const nextDue = new Date(now.getTime() + settings.take_minutes * 60_000).toISOString();
  const first = a.overdue_noted !== 'take';
  const move: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: assignmentKey(a.id),
      UpdateExpression:
        'SET take_due = :due, overdue_noted = :noted, gsi2sk = :sk, updated_at = :now',
      ConditionExpression: '#st = :assigned AND take_due = :was',
      ExpressionAttributeNames: { '#st': 'status' },
      ExpressionAttributeValues: {
        ':due': nextDue,
        ':noted': 'take',
        ':sk': dueKeys(a.id, nextDue).gsi2sk,
        ':assigned': 'assigned',
        ':was': a.take_due,
        ':now': nowIso,
      },
    },
  };
  const res = await auditedWrite(a.order_id, nowIso, (o) =>
    o.assignment_id !== a.id
      ? undefined
      : {
          items: [move],
          events: first
            ? [
                {
                  kind: 'notary_overdue',
                  actor: { type: 'system' },
                  details: { assignment_id: a.id, notary_org_id: a.notary_org_id, stage: 'take' },
                },
              ]
            : [],
        },
  );
  return res.ok ? 'kept' : 'skipped';
}

async function notProcessed(a: AssignmentRecord, nowIso: string): Promise<DueOutcome> {
  const res = await auditedWrite(a.order_id, nowIso, (o) =>
    o.assignment_id !== a.id
      ? undefined
      : {
          items: [
            {
              Update: {
                TableName: tableName(),
                Key: assignmentKey(a.id),
                UpdateExpression:
                  'SET overdue_noted = :noted, updated_at = :now REMOVE gsi2pk, gsi2sk',
                ConditionExpression: '#st IN (:taken, :review) AND process_due = :due',
                ExpressionAttributeNames: { '#st': 'status' },
                ExpressionAttributeValues: {
                  ':noted': 'process',
                  ':taken': 'taken',
                  ':review': 'in_review',
                  ':due': a.process_due,
                  ':now': nowIso,
                },
              },
            },
          ],
          events: [
            {
              kind: 'notary_overdue',
              actor: { type: 'system' },
              details: { assignment_id: a.id, notary_org_id: a.notary_org_id, stage: 'process' },
            },
          ],
        },
  );
  if (!res.ok && res.failed === 'order') await closeIndex(a, nowIso);
  return res.ok ? 'flagged' : 'skipped';
}

/** An assignment whose order moved on leaves the overdue index (its tab stays as it is). */
async function closeIndex(a: AssignmentRecord, nowIso: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: assignmentKey(a.id),
      UpdateExpression: 'SET updated_at = :now REMOVE gsi2pk, gsi2sk',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': nowIso },
    }),
  );
}
