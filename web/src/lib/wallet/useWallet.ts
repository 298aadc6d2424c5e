import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Wallet } from '../../../../shared/contract/credits';
import { apiCall } from '../api';
import { useSession } from '../session/session';

/** Every credits query lives under this prefix: one invalidation refreshes them all. */
export const creditsQueryKey = ['credits'] as const;
export const walletQueryKey = [...creditsQueryKey, 'wallet'] as const;

/**
 * The signed-in user's wallet (balance, totals, credits expiring soon). Disabled for visitors:
 * `data` stays undefined and `signedIn` says why.
 */
export function useWallet() {
  const { status } = useSession();
  const signedIn = status === 'signedIn';
  const query = useQuery({
    queryKey: walletQueryKey,
    queryFn: ({ signal }) => apiCall('getWallet', { signal }),
    enabled: signedIn,
    staleTime: 15_000,
  });
  return { ...query, signedIn, sessionLoading: status === 'loading' };
}

/** After spending: show the balance the server answered at once, then re-read every total. */
export function refreshWalletAfterSpend(queryClient: QueryClient, balance?: number): Promise<void> {
  if (balance !== undefined) {
    queryClient.setQueryData<Wallet>(walletQueryKey, (old) => (old ? { ...old, balance } : old));
  }
  return queryClient.invalidateQueries({ queryKey: creditsQueryKey });
}

/** `refreshWalletAfterSpend` bound to the app's query client. */
export function useRefreshWallet(): (balance?: number) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    (balance?: number) => refreshWalletAfterSpend(queryClient, balance),
    [queryClient],
  );
}
