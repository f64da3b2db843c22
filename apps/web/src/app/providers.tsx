// Mantine's base sheets; each component's own comes with the chunk that uses it (vite-plugins.ts), all of them
// in `@layer mantine` so that the app's CSS below wins.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './styles.css';
import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { errorMessage, isApiError, setFallbackErrorMessage } from '../lib/api/index.ts';
import { showErrorToast, Toasts } from '../ui/toast.tsx';
import i18n from './i18n/index.ts';
import { theme } from './theme.ts';

setFallbackErrorMessage(i18n.t('common.somethingWentWrong'));

// Mantine's default dimmed grey is below WCAG AA contrast on white; one shade darker passes.
const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7]! },
  dark: {},
});

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Errors in one place: a mutation that asks for it (meta.errorToast) is told as the error toast.
    mutationCache: new MutationCache({
      onError: (err, _variables, _result, mutation) => {
        if (mutation.meta?.errorToast) showErrorToast(errorMessage(err));
      },
    }),
    defaultOptions: {
      queries: {
        // 4xx answers will not change on retry.
        retry: (count, err) => !(isApiError(err) && err.status >= 400 && err.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <Toasts />
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
