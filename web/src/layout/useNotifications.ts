import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../lib/api';
import { notificationsQueryKey } from '../lib/queryKeys';

/** How often an open tab asks for news: a chat is not instant messaging, a minute is enough. */
const POLL_MS = 60_000;

/**
 * The bell's notifications, read again every minute and when the tab comes back to the front
 * (the app's default leaves focus refetches off). The bell only mounts for a signed-in user
 * (Header), so this never asks without a session.
 */
export function useNotifications() {
  return useQuery({
    queryKey: notificationsQueryKey,
    queryFn: ({ signal }) => apiCall('listNotifications', { signal }),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
    // A failed poll keeps the last answer; the next minute tries again.
    retry: false,
  });
}
