import { assignOrder, leaveWaitingIndex } from '../notary/assign.js';
import { UNASSIGNED_PK } from '../notary/keys.js';
import { dueAssignmentIds, handleDue } from '../notary/overdue.js';
import { queryAll } from '../platform/db.js';
import { logger } from '../platform/logger.js';
import { jobNow, type ScheduledEvent } from './job-time.js';

/**
 * Every 5 minutes (docs/drafts/notarial-design.md §4–§5): assigns the sealed notarial orders
 * still waiting for a notary, then walks the assignments due by now (functions/notary/overdue.ts):
 * reassigns those not taken in time, flags those not processed in time. Safe to run twice:
 * every move is conditioned on the state it starts from.
 */
export async function handler(event: ScheduledEvent) {
  const now = new Date(jobNow(event) * 1000);
  const waiting = await queryAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': UNASSIGNED_PK },
    ProjectionExpression: 'id',
  });
  const result = { assigned: 0, waiting: 0, reassigned: 0, flagged: 0, kept: 0 };
  for (const item of waiting) {
    const outcome = await assignOrder(String(item.id), now);
    if (outcome === 'assigned') result.assigned++;
    if (outcome === 'waiting') result.waiting++;
    // Cancelled while it waited: it leaves the index instead of coming back every run.
    if (outcome === 'not_waiting') await leaveWaitingIndex(String(item.id));
  }
  for (const id of await dueAssignmentIds(now.toISOString())) {
    const outcome = await handleDue(id, now);
    if (outcome === 'reassigned') result.reassigned++;
    if (outcome === 'flagged') result.flagged++;
    if (outcome === 'kept') result.kept++;
  }
  logger.info('notarial-assignments done', result);
  return result;
}
