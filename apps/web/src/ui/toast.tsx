import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';

/**
 * SPEC §2: a toast at the bottom right, styled success or error; `notice` for what the live stream tells
 * (notifications' bell). Mantine's notifications load with the first toast (toast-host.tsx), not with every page:
 * until then nothing is drawn where they show.
 */
export interface Toast {
  kind: 'success' | 'error' | 'notice';
  title?: string;
  message: string;
}

const loadHost = () => import('./toast-host.tsx');

/** 0 until the first toast is asked for; one more each time the host's code is asked for again after failing. */
let version = 0;
let hostFailed = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function showToast(toast: Toast): void {
  if (version === 0 || hostFailed) {
    // The first toast draws the host; after a failed download (a network that dropped), the next one tries again.
    if (hostFailed) Container = container();
    hostFailed = false;
    version += 1;
    listeners.forEach((listener) => listener());
  }
  // Mantine's store keeps a toast shown before its container has mounted; the container then draws it. A chunk
  // that cannot be loaded loses the toast, never the page.
  void loadHost().then(
    (host) => host.show(toast),
    () => undefined,
  );
}

/**
 * Loads the toasts' code ahead, when nothing else is loading (the signed-in shell): the toast that says a part of
 * the page could not be downloaded needs it, at a time when downloading may fail.
 */
export const preloadToasts = (): void => void loadHost().catch(() => undefined);

export const showSuccessToast = (message: string): void => showToast({ kind: 'success', message });
export const showErrorToast = (message: string): void => showToast({ kind: 'error', message });
export const showNoticeToast = (title: string, message: string): void => showToast({ kind: 'notice', title, message });

// Above the router, so a failed download draws nothing rather than failing the whole app; the next toast asks
// for it again (React keeps a lazy component's failure, so that is a new one).
const container = () =>
  lazy<ComponentType>(() =>
    loadHost().then(
      (host) => ({ default: host.ToastContainer }),
      () => {
        hostFailed = true;
        return { default: () => null };
      },
    ),
  );
let Container = container();

/** Where toasts show (AppProviders): nothing until the first one is asked for, on the server too. */
export function Toasts() {
  const drawn = useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
  return drawn > 0 ? (
    <Suspense key={drawn} fallback={null}>
      <Container />
    </Suspense>
  ) : null;
}
