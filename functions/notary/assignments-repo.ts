import { GetCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { NotarizedAct } from '../../shared/contract/notarized.js';
import { apiEs } from '../../shared/messages/api.es.js';
import {
  type AssignmentGroup,
  type AssignmentStatus,
  groupOf,
} from '../../shared/rules/assignment.js';
import { db, tableName, withoutKeys } from '../platform/db.js';
import { AppError } from '../platform/errors.js';
import { assignmentKey, dueKeys, queuePk, queueSk } from './keys.js';

/**
 * Assignments (`ASSIGN#{id}` / `META`): one notary's work on one order. The item carries its
 * place in the notary's tab (gsi1, moved with its status) and, while open, in the overdue
 * index (gsi2). Writes are built here and committed in the order's audited transactions
 * (assign.ts, actions.ts), so every move is on the order's trail.
 */
export interface AssignmentRecord {
  id: string;
  order_id: string;
  order_number: string;
  notary_org_id: string;
  service_code: string;
  service_name: string;
  status: AssignmentStatus;
  /** The order's region as read from its checkout (null: not recognised). */
  region_code: string | null;
  assigned_at: string;
  /** When the overdue job next looks at it: the take's due time, then the process's. */
  take_due: string;
  taken_at: string | null;
  taken_by: string | null;
  /** Who decided (the member of the notary), once decided. */
  decided_by?: string | null;
  process_due: string | null;
  decided_at: string | null;
  message_count: number;
  /** Chat messages the customer, and the notary, have not read yet (notary/chat.ts). */
  unread_customer?: number;
  unread_notary?: number;
  /** Notaries the order was assigned to before, this one included: a reassignment skips them. */
  tried: string[];
  /** Once notarized (notarize.ts): the upload delivered and the act's data. */
  notarized_upload_id?: string;
  notarized_act?: NotarizedAct;
  /** The overdue job recorded this stage's lateness on the trail already. */
  overdue_noted: 'take' | 'process' | null;
  updated_at: string;
}

/** The time that orders a tab: assigned, taken or decided. */
export function sinceOf(a: AssignmentRecord): string {
  const group = groupOf(a.status);
  if (group === 'processing') return a.taken_at ?? a.assigned_at;
  if (group === 'completed') return a.decided_at ?? a.assigned_at;
  return a.assigned_at;
}

/** When the overdue job must look at it next (null once it is no longer open). */
export function dueOf(a: AssignmentRecord): string | null {
  const group = groupOf(a.status);
  if (group === 'pending') return a.take_due;
  if (group === 'processing') return a.process_due;
  return null;
}

/** The index keys of an assignment in its current state (what a move SETs or REMOVEs). */
export function indexKeysOf(a: AssignmentRecord) {
  const group = groupOf(a.status);
  const due = dueOf(a);
  return {
    ...(group
      ? { gsi1pk: queuePk(a.notary_org_id, group), gsi1sk: queueSk(sinceOf(a), a.id) }
      : {}),
    ...(due ? dueKeys(a.id, due) : {}),
  };
}

export function assignmentItem(a: AssignmentRecord): Record<string, unknown> {
  return { ...assignmentKey(a.id), type: 'Assignment', ...a, ...indexKeysOf(a) };
}

export async function getAssignment(id: string): Promise<AssignmentRecord | undefined> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: assignmentKey(id), ConsistentRead: true }),
  );
  return res.Item ? withoutKeys<AssignmentRecord>(res.Item) : undefined;
}

/** A page cursor: the last key of the tab's query, base64url JSON, checked to be this tab's. */
function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify(key), 'utf8').toString('base64url') : null;
}

function decodeCursor(cursor: string, pk: string): Record<string, unknown> {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    const strings = Object.values(key).every((v) => typeof v === 'string');
    if (key.gsi1pk === pk && strings && Object.keys(key).length === 4) return key;
  } catch {
    // fall through: an unreadable cursor is the caller's mistake
  }
  throw new AppError('VALIDATION', apiEs.validation, { cursor: apiEs.validation });
}

/** One page of a notary's tab, newest first (one partition per notary and tab). */
export async function listQueue(
  orgId: string,
  group: AssignmentGroup,
  opts: { limit: number; cursor?: string },
): Promise<{ assignments: AssignmentRecord[]; nextCursor: string | null }> {
  const pk = queuePk(orgId, group);
  const res: QueryCommandOutput = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ScanIndexForward: false,
      Limit: opts.limit,
      ExclusiveStartKey: opts.cursor ? decodeCursor(opts.cursor, pk) : undefined,
    }),
  );
  return {
    assignments: (res.Items ?? []).map((i) => withoutKeys<AssignmentRecord>(i)),
    nextCursor: encodeCursor(res.LastEvaluatedKey),
  };
}

/**
 * How many of a tab began before `before` (ISO): the overdue ones of the pending tab (assigned
 * before now − take minutes) or of the processing tab (taken before now − process minutes).
 * One key range, counted by DynamoDB: only the late items are read.
 */
export async function countSince(
  orgId: string,
  group: AssignmentGroup,
  before: string,
): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const res: QueryCommandOutput = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :before',
        ExpressionAttributeValues: { ':pk': queuePk(orgId, group), ':before': before },
        Select: 'COUNT',
        ExclusiveStartKey: start,
      }),
    );
    count += res.Count ?? 0;
    start = res.LastEvaluatedKey;
  } while (start);
  return count;
}
