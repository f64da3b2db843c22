// Mantine's base sheets; each component's own comes with the chunk that uses it (vite-plugins.ts), all of them
// in `@layer mantine` so that the app's CSS below wins.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './styles.css';
import { darken, luminance, MantineProvider, mergeThemeOverrides, type CSSVariablesResolver } from '@mantine/core';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { errorMessage, isApiError, setFallbackErrorMessage } from '../lib/api/index.ts';
import { showErrorToast, Toasts } from '../ui/toast.tsx';
import i18n from './i18n/index.ts';
import { theme } from './theme.ts';

setFallbackErrorMessage(i18n.t('common.somethingWentWrong'));

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/**
 * The text colour of a light badge or alert of `shades`: Mantine writes it in shade 9 on shade 1, which reads at
 * 2.8 to 4.0:1 for green, yellow, orange, teal and lime (the "This device" and status badges); darkened here until
 * it reads at WCAG AA (4.5:1), and left as it is where it does.
 */
export function readableLightColor(shades: readonly string[]): string {
  const [bg, fg] = [shades[1]!, shades[9]!];
  let color = fg;
  for (let amount = 0.05; contrast(color, bg) < 4.6 && amount < 1; amount += 0.05) color = darken(fg, amount);
  return color;
}

// Mantine's default dimmed grey is below WCAG AA contrast on white; one shade darker passes. Light variants' text:
// readableLightColor.
const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7]!,
    ...Object.fromEntries(
      Object.entries(t.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        readableLightColor(shades),
      ]),
    ),
  },
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

/**
 * The theme with what every dialog says in the reader's language: the close button of every modal and drawer is
 * named (axe `button-name`), one place for all of them; a dialog that names its close button otherwise still can.
 */
function ThemeProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation(); // a new `t` when the language changes
  const localized = useMemo(() => {
    const close = { defaultProps: { 'aria-label': t('common.close') } };
    return mergeThemeOverrides(theme, { components: { ModalCloseButton: close, DrawerCloseButton: close } });
  }, [t]);
  return (
    <MantineProvider theme={localized} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}

export function AppProviders({
  children,
  queryClient,
  i18n: translator = i18n,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  /** The server's render in its reader's language (entry-server.tsx); the browser has one i18next. */
  i18n?: typeof i18n;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={translator}>
      <ThemeProvider>
        <Toasts />
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
