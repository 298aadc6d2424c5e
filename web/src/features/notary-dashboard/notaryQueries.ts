import { infiniteQueryOptions } from '@tanstack/react-query';
import type { AssignmentGroup } from '../../../../shared/rules/assignment';
import { apiCall } from '../../lib/api';

/**
 * Query keys of the notary dashboard: everything under `['notary', orgId]`, so a 'Tomar
 * Documento' refreshes every tab, the counters and the metrics with one invalidation; a context
 * switch resets them with every other query (lib/workContext.ts).
 */
export const notaryQueryKey = (orgId: string) => ['notary', orgId] as const;
export const metricsQueryKey = (orgId: string) => [...notaryQueryKey(orgId), 'metrics'] as const;

/** One tab of the queue, a page at a time ('Cargar más'), with the counters on every page. */
export const assignmentsQuery = (orgId: string, group: AssignmentGroup) =>
  infiniteQueryOptions({
    queryKey: [...notaryQueryKey(orgId), 'assignments', group],
    queryFn: ({ pageParam, signal }) =>
      apiCall('listNotaryAssignments', { query: { group, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
