import type { Assignment } from '../../../shared/contract/notary';

/**
 * An assignment's status badge tone, on the notary's dashboard and its document page: waiting
 * (warning), being worked on (info), done (success), rejected (error).
 */
export function statusTone(
  status: Assignment['status'],
): 'warning' | 'info' | 'success' | 'error' | 'muted' {
  switch (status) {
    case 'assigned':
      return 'warning';
    case 'taken':
    case 'in_review':
      return 'info';
    case 'notarized':
    case 'approved':
      return 'success';
    case 'rejected':
      return 'error';
    default:
      return 'muted';
  }
}
