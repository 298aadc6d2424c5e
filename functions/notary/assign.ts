import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { regionOfText } from '../../shared/rules/regions.js';
import { NO_NOTARY_CODE } from '../../shared/rules/signature-types.js';
import { orderKey, type TransactItem } from '../orders/keys.js';
import { getOrder, getOrderParts, type OrderRecord } from '../orders/repo.js';
import { db, isConditionFailure, tableName } from '../platform/db.js';
import { logger } from '../platform/logger.js';
import { countMetric, METRICS } from '../platform/metrics.js';
import { type AuditedChange, auditedWrite } from '../signing/trail/audited-write.js';
import { type AssignmentRecord, assignmentItem } from './assignments-repo.js';
import { type Choice, chooseNotary } from './candidates.js';
import { UNASSIGNED_PK, unassignedKeys } from './keys.js';
import { counterUpdate } from './settings-updates.js';

/**
 * Assignment after the seal (docs/drafts/notarial-design.md §5): a sealed order with a notarial
 * service gets a notary, chosen by weight and load among those offering the service in its
 * region (candidates.ts). The assignment, the notary's load and counters and the order's
 * `assignment_id` are ONE audited transaction; a notary filling up meanwhile fails its
 * condition and the choice is made again. With nobody able to take it the order waits
 * (`notarial_stage = unassigned`, in the index the job retries from) and an operator metric
 * counts it.
 */
export type AssignOutcome = 'assigned' | 'waiting' | 'not_waiting';

const ATTEMPTS = 4;

/** A sealed, still running order with a notarial service and no notary yet. */
export function waitsForNotary(o: OrderRecord | undefined): o is OrderRecord {
  return (
    !!o &&
    o.status === 'processing' &&
    o.signing_stage === 'sealed' &&
    !!o.notarial_code &&
    o.notarial_code !== NO_NOTARY_CODE &&
    !o.assignment_id
  );
}

export const assignmentIdFor = (orderId: string, round: number) =>
  `${orderId.replace(/-/g, '').slice(0, 24)}${round.toString(36).padStart(2, '0')}`;

/** The new assignment of `order` to the chosen notary, from `now`. */
export function newAssignment(
  order: OrderRecord,
  choice: Choice,
  serviceName: string,
  tried: readonly string[],
  now: Date,
): AssignmentRecord {
  const nowIso = now.toISOString();
  return {
    id: assignmentIdFor(order.id, tried.length),
    order_id: order.id,
    order_number: order.order_number,
    notary_org_id: choice.orgId,
    service_code: order.notarial_code ?? '',
    service_name: serviceName,
    status: 'assigned',
    region_code: regionOfText(order.billing?.region_province),
    assigned_at: nowIso,
    take_due: new Date(now.getTime() + choice.settings.take_minutes * 60_000).toISOString(),
    taken_at: null,
    taken_by: null,
    process_due: null,
    decided_at: null,
    message_count: 0,
    tried: [...tried, choice.orgId],
    overdue_noted: null,
    updated_at: nowIso,
  };
}

/** The Put of a new assignment and its notary's load, as transaction elements. */
export function assignmentWrites(a: AssignmentRecord): TransactItem[] {
  return [
    {
      Put: {
        TableName: tableName(),
        Item: assignmentItem(a),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    counterUpdate(a.notary_org_id, { open: 1, pending: 1, received: 1 }, true),
  ];
}

/** The audited change that gives a waiting order its assignment (and the notary its load). */
export function assignmentChange(
  a: AssignmentRecord,
  outsideRegion: boolean,
  nowIso: string,
): AuditedChange {
  return {
    items: assignmentWrites(a),
    events: [
      {
        kind: 'notary_assigned',
        actor: { type: 'system' },
        details: {
          assignment_id: a.id,
          notary_org_id: a.notary_org_id,
          service: a.service_code,
          outside_region: outsideRegion,
        },
      },
    ],
    order: {
      set: 'notarial_stage = :stage, assignment_id = :aid, notary_org_id = :org, updated_at = :now',
      remove: 'gsi2pk, gsi2sk',
      condition: 'attribute_not_exists(assignment_id)',
      values: { ':stage': 'assigned', ':aid': a.id, ':org': a.notary_org_id, ':now': nowIso },
    },
  };
}

async function serviceNameOf(order: OrderRecord): Promise<string> {
  const { lines } = await getOrderParts(order);
  return lines.find((l) => l.service_category === 'notarial_service')?.service_name ?? '';
}

export async function assignOrder(
  orderId: string,
  now: Date = new Date(),
  random: () => number = Math.random,
): Promise<AssignOutcome> {
  const nowIso = now.toISOString();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const order = await getOrder(orderId);
    if (!waitsForNotary(order)) return 'not_waiting';
    const region = regionOfText(order.billing?.region_province);
    const choice = await chooseNotary(order.notarial_code ?? '', region, [], random());
    if (!choice) {
      await markWaiting(order, nowIso);
      return 'waiting';
    }
    const a = newAssignment(order, choice, await serviceNameOf(order), [], now);
    const res = await auditedWrite(order.id, nowIso, (o) =>
      waitsForNotary(o) ? assignmentChange(a, choice.outsideRegion, nowIso) : undefined,
    );
    if (res.ok) return 'assigned';
    if (res.failed === 'order') return 'not_waiting';
    // The notary filled up or was switched off since the read: choose again.
    logger.info('assignment: the chosen notary could not take it', { orderId, attempt });
  }
  return 'waiting';
}

/**
 * No notary can take it now: the order waits in the index the job retries from, with one
 * 'notary_unassigned' event on its trail (not one per retry) and an operator metric.
 */
async function markWaiting(order: OrderRecord, nowIso: string): Promise<void> {
  countMetric(METRICS.notaryUnavailable);
  if (order.notarial_stage === 'unassigned') return;
  const keys = unassignedKeys(order.sealed_at ?? nowIso, order.id);
  await auditedWrite(order.id, nowIso, (o) =>
    !waitsForNotary(o) || o.notarial_stage === 'unassigned'
      ? undefined
      : {
          items: [],
          events: [{ kind: 'notary_unassigned', actor: { type: 'system' } }],
          order: {
            set: 'notarial_stage = :stage, gsi2pk = :gpk, gsi2sk = :gsk, updated_at = :now',
            condition: 'attribute_not_exists(assignment_id)',
            values: {
              ':stage': 'unassigned',
              ':gpk': keys.gsi2pk,
              ':gsk': keys.gsi2sk,
              ':now': nowIso,
            },
          },
        },
  );
}

/** An order that no longer waits (cancelled meanwhile) leaves the waiting index. */
export async function leaveWaitingIndex(orderId: string): Promise<void> {
  await db()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: orderKey(orderId),
        UpdateExpression: 'REMOVE gsi2pk, gsi2sk',
        ConditionExpression:
          'gsi2pk = :pk AND attribute_exists(assignment_id) OR gsi2pk = :pk AND #st <> :processing',
        ExpressionAttributeNames: { '#st': 'status' },
        ExpressionAttributeValues: { ':pk': UNASSIGNED_PK, ':processing': 'processing' },
      }),
    )
    .catch((err) => {
      if (!isConditionFailure(err)) throw err;
    });
}
