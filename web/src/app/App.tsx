import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { ThemeProvider } from '../features/theme/ThemeProvider';
import { AppToaster } from './AppToaster';
import { queryClient } from './queryClient';
import type { AppRouter } from './router';

/**
 * App-wide providers that every layout needs and that stay light (no auth library): session,
 * auth modal, country and the maintenance gate live in the lazily loaded AppShell instead.
 */
export function App({ router }: { router: AppRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <RouterProvider router={router} />
        <AppToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
