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

let wanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function showToast(toast: Toast): void {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  // Mantine's store keeps a toast shown before its container has mounted; the container then draws it. A chunk
  // that cannot be loaded (an old tab after a release) loses the toast, never the page.
  void loadHost().then(
    (host) => host.show(toast),
    () => undefined,
  );
}

export const showSuccessToast = (message: string): void => showToast({ kind: 'success', message });
export const showErrorToast = (message: string): void => showToast({ kind: 'error', message });
export const showNoticeToast = (title: string, message: string): void => showToast({ kind: 'notice', title, message });

// Above the router, so a failed download draws nothing rather than failing the whole app (toasts then stay unseen
// until the page is loaded again: React keeps a lazy component's failure).
const Container = lazy<ComponentType>(() =>
  loadHost().then(
    (host) => ({ default: host.ToastContainer }),
    () => ({ default: () => null }),
  ),
);

/** Where toasts show (AppProviders): nothing until the first one is asked for, on the server too. */
export function Toasts() {
  const on = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return on ? (
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  ) : null;
}
