import type { QueryClient } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers.tsx';

interface Options extends RenderOptions {
  /** Start URL of the memory router; `null` when the tree brings its own router. */
  route?: string | null;
}

/** The app's real providers around hooks or trees that bring their own render (renderHook). */
export function providersWrapper(queryClient: QueryClient = createQueryClient()) {
  return ({ children }: { children: ReactNode }) => <AppProviders queryClient={queryClient}>{children}</AppProviders>;
}

/** Renders inside the app's real providers (theme, i18n, query client) and, unless told otherwise, a memory router. */
export function renderWithProviders(ui: ReactElement, { route = '/', ...options }: Options = {}) {
  const queryClient = createQueryClient();
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders queryClient={queryClient}>
      {route === null ? children : <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>}
    </AppProviders>
  );
  return { queryClient, ...render(ui, { wrapper: Wrapper, ...options }) };
}
