import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { WorkContext } from '../../../shared/contract/organizations';
import { organizationContextValue, PERSONAL_CONTEXT } from '../../../shared/contract/work-context';
import { fmt } from '../../../shared/messages/fmt';
import { es } from '../../../shared/messages.es';
import { apiCall } from './api';
import { contextsQueryKey } from './queryKeys';
import { switchWorkContext, useWorkContext } from './workContext';

/** The header value of a context of the list. */
export const contextValueOf = (c: Pick<WorkContext, 'organization_id'>) =>
  c.organization_id ? organizationContextValue(c.organization_id) : PERSONAL_CONTEXT;

/** The contexts list as the header's switcher reads it (one cache for every reader). */
export const contextsQuery = {
  queryKey: contextsQueryKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiCall('listMyContexts', { signal }),
  staleTime: 30_000,
};

/**
 * Switching the work context, for the header's switcher and the organisation dashboard: the
 * target is checked against a fresh list first ('Error al cambiar de contexto' otherwise), then
 * every screen's data is read again in the new context. True once switched.
 */
export function useContextSwitch() {
  const queryClient = useQueryClient();
  const current = useWorkContext();
  const [switching, setSwitching] = useState(false);

  const switchTo = async (value: string): Promise<boolean> => {
    if (value === current) return true;
    setSwitching(true);
    try {
      const fresh = await queryClient.fetchQuery({ ...contextsQuery, staleTime: 0 });
      const target = fresh.contexts.find((c) => contextValueOf(c) === value);
      if (!target) throw new Error('not a member');
      await switchWorkContext(queryClient, value);
      toast.success(fmt(es.organizations.switchedTo, { name: target.name }));
      return true;
    } catch {
      window.alert(es.organizations.contextError);
      return false;
    } finally {
      setSwitching(false);
    }
  };

  return { current, switching, switchTo };
}
