import { RouterProvider } from 'react-router';
import { AppProviders } from './providers.tsx';
import { PrefetchContext, usePrefetchOnIntent } from './router/prefetch.ts';
import { prefetch, router } from './router/router.tsx';

export function App() {
  usePrefetchOnIntent(prefetch);
  return (
    <AppProviders>
      <PrefetchContext value={prefetch}>
        <RouterProvider router={router} />
      </PrefetchContext>
    </AppProviders>
  );
}
