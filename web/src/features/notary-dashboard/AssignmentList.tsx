import {
  type InfiniteData,
  type UseInfiniteQueryResult,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import type { ListAssignmentsResponse } from '../../../../shared/contract/notary';
import { es } from '../../../../shared/messages.es';
import type { AssignmentGroup } from '../../../../shared/rules/assignment';
import { Icon } from '../../components/layout-bits/icons';
import { LoadMore } from '../../components/pager/LoadMore';
import { Alert, Button, Spinner } from '../../components/ui';
import { apiCall } from '../../lib/api';
import { apiErrorDetail } from '../../lib/apiErrorDetail';
import { AssignmentCard } from './AssignmentCard';
import { notaryQueryKey } from './notaryQueries';

const EMPTY: Record<AssignmentGroup, string> = {
  pending: es.notary.emptyPending,
  processing: es.notary.emptyProcessing,
  completed: es.notary.emptyCompleted,
};

/** Re-renders every minute, so 'Asignado hace…' keeps up while the screen stays open. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * One tab of the queue: its cards a page at a time ('Cargar más'), the empty message, the load
 * error with 'Reintentar', and 'Tomar Documento' (§7 notary action): 'Documento tomado
 * exitosamente' and every tab, counter and metric read again, or the server's Spanish reason
 * ('Error al tomar el documento' when it gave none) and the list read again too (another
 * member may have taken it).
 */
export function AssignmentList({
  organizationId,
  group,
  list,
}: {
  organizationId: string;
  group: AssignmentGroup;
  list: UseInfiniteQueryResult<InfiniteData<ListAssignmentsResponse>>;
}) {
  const queryClient = useQueryClient();
  const now = useNow();
  const take = useMutation({
    mutationFn: (assignmentId: string) =>
      apiCall('notaryAction', {
        body: { action: 'take_document', assignment_id: assignmentId },
      }),
    onSuccess: () => {
      toast.success(es.organizations.taken);
    },
    onError: (err) => {
      toast.error(apiErrorDetail(err) ?? es.organizations.takeError);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notaryQueryKey(organizationId) }),
  });

  if (list.isPending) {
    return (
      <div className="notary-list__state">
        <Spinner label={es.common.loading} />
      </div>
    );
  }
  if (list.isError) {
    return (
      <Alert
        tone="error"
        action={
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            {es.common.retry}
          </Button>
        }
      >
        {es.notary.listError}
      </Alert>
    );
  }
  const assignments = list.data.pages.flatMap((p) => p.assignments);
  if (assignments.length === 0) {
    return (
      <div className="notary-list__empty">
        <span className="notary-list__empty-icon" aria-hidden="true">
          <Icon name="inbox" size={28} />
        </span>
        <p>{EMPTY[group]}</p>
      </div>
    );
  }
  return (
    <>
      <ul className="notary-list">
        {assignments.map((a) => (
          <li key={a.id}>
            <AssignmentCard
              assignment={a}
              now={now}
              taking={take.isPending && take.variables === a.id}
              onTake={() => take.mutate(a.id)}
            />
          </li>
        ))}
      </ul>
      {list.isFetchNextPageError ? <Alert tone="error">{es.notary.listError}</Alert> : null}
      <LoadMore
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onLoad={() => void list.fetchNextPage()}
      />
    </>
  );
}
