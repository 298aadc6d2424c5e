import type { AssignmentGroup } from '../../shared/rules/assignment.js';

/**
 * Key design of the notary side (docs/data-model.md "Notaries and assignments"). Only the
 * notary repositories import this file; nothing else builds these keys.
 *
 *   ORG#{id} / NOTARY                 a notary's settings, its load and its counters
 *   NOFFER#{service} / ORG#{id}       an offer: this notary takes this service (copy of the
 *                                     settings' regions and weight, written with them)
 *   ASSIGN#{id} / META                an assignment
 *       gsi1: NQ#{org}#{group} / {since}#{id}   the notary's tab (pending, processing,
 *             completed), newest first; `since` is the group's own time (assigned, taken,
 *             decided), so the overdue ones of a tab are one key range
 *       gsi2: ADUE#{shard} / {due}#{id}         while open: the overdue job's index, spread
 *             over ASSIGNMENT_DUE_SHARDS partitions by the id's hash
 *   ORDER#{id} gsi2: NOTARIAL#UNASSIGNED / {sealed_at}#{id}   a sealed notarial order that
 *             waits for a notary (the job retries it)
 */
export const notarySettingsKey = (orgId: string) => ({ pk: `ORG#${orgId}`, sk: 'NOTARY' });

export const offerKey = (service: string, orgId: string) => ({
  pk: `NOFFER#${service}`,
  sk: `ORG#${orgId}`,
});
export const offersPk = (service: string) => `NOFFER#${service}`;

export const assignmentKey = (id: string) => ({ pk: `ASSIGN#${id}`, sk: 'META' });

export const queuePk = (orgId: string, group: AssignmentGroup) => `NQ#${orgId}#${group}`;
export const queueSk = (since: string, id: string) => `${since}#${id}`;

/** Partitions of the overdue index: the job queries each; no single one is hot. */
export const ASSIGNMENT_DUE_SHARDS = 10;

export function dueShardOf(id: string): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) >>> 0;
  return h % ASSIGNMENT_DUE_SHARDS;
}

export const duePk = (shard: number) => `ADUE#${shard}`;
export const dueKeys = (id: string, due: string) => ({
  gsi2pk: duePk(dueShardOf(id)),
  gsi2sk: `${due}#${id}`,
});

export const UNASSIGNED_PK = 'NOTARIAL#UNASSIGNED';
export const unassignedKeys = (sealedAt: string, orderId: string) => ({
  gsi2pk: UNASSIGNED_PK,
  gsi2sk: `${sealedAt}#${orderId}`,
});

/**
 * A chat message of one assignment, in its order's partition: `ORDER#{oid}` / `MSG#{aid}#{id}`
 * (the id is the client's idempotency key, so a repeated send writes nothing twice). A
 * reassignment starts a new thread: a notary never reads another notary's messages.
 */
export const messageKey = (orderId: string, assignmentId: string, id: string) => ({
  pk: `ORDER#${orderId}`,
  sk: `MSG#${assignmentId}#${id}`,
});
export const threadPrefix = (assignmentId: string) => `MSG#${assignmentId}#`;

/**
 * An upload of a notarized PDF for an assignment (notarized-files.ts), in the assignment's
 * partition: `ASSIGN#{aid}` / `NFILE#{uploadId}`. Its bytes: `incoming/notarized/{aid}/{upload}.pdf`
 * (the only key its presigned POST names; the bucket expires incoming/ after a day), then, once
 * checked, `notarized/{orderId}/{aid}/{upload}-{random}.pdf`, written by the server alone.
 */
export const notarizedFileKey = (assignmentId: string, uploadId: string) => ({
  pk: `ASSIGN#${assignmentId}`,
  sk: `NFILE#${uploadId}`,
});

/** The uploads of an assignment: `ASSIGN#{aid}` and sort keys beginning `NFILE#`. */
export const notarizedFilesOf = (assignmentId: string) => ({
  pk: `ASSIGN#${assignmentId}`,
  skPrefix: 'NFILE#',
});
