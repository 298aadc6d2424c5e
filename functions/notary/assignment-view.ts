import type { Assignment } from '../../shared/contract/notary.js';
import { assignmentClock } from '../../shared/rules/assignment.js';
import type { AssignmentRecord } from './assignments-repo.js';

/**
 * An assignment as the dashboard shows it (§3 detailed view): the overdue flags and minutes
 * from the notary's current thresholds and `now`.
 */
export function assignmentView(
  a: AssignmentRecord,
  thresholds: { take_minutes: number; process_minutes: number },
  now: Date,
): Assignment {
  const clock = assignmentClock({ ...a, ...thresholds }, now);
  return {
    id: a.id,
    order_id: a.order_id,
    order_number: a.order_number,
    notary_id: a.notary_org_id,
    status: a.status,
    service_code: a.service_code,
    service_name: a.service_name,
    assigned_at: a.assigned_at,
    taken_at: a.taken_at,
    decided_at: a.decided_at,
    take_due: a.take_due,
    process_due: a.process_due,
    ...clock,
    message_count: a.message_count ?? 0,
    unread_count: a.unread_notary ?? 0,
  };
}
