import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers.tsx';
import { PrefetchContext } from '../lib/prefetch-in-view.ts';
import { usePrefetchOnIntent } from './router/prefetch.ts';
import { prefetch, router } from './router/router.tsx';

export function App({ queryClient }: { queryClient?: QueryClient }) {
  usePrefetchOnIntent(prefetch);
  return (
    <AppProviders queryClient={queryClient}>
      <PrefetchContext value={prefetch}>
        <RouterProvider router={router} />
      </PrefetchContext>
    </AppProviders>
  );
}
