import { QueryClient } from '@tanstack/react-query';

/** HTTP status of an ApiError (duck-typed: importing lib/api here would put the route table,
 * and zod with it, into the entry chunk). */
function httpStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors (4xx) will not change on retry; network and server errors may.
      retry: (failureCount, error) => {
        const status = httpStatus(error);
        return failureCount < 2 && !(status !== undefined && status >= 400 && status < 500);
      },
    },
    mutations: { retry: false },
  },
});
