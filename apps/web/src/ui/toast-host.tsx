import '@mantine/notifications/styles.layer.css';
import { Notifications, notifications, notificationsStore } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import i18next from 'i18next';
import classes from './toast-host.module.css';
import type { Toast } from './toast.tsx';

// Mantine's notifications, their styles and icons: a chunk of their own, loaded by the first toast (toast.tsx).

const LIMIT = 4;
// Set before the first toast is shown (the container, drawn just after, sets it too): toasts asked for before it
// mounts are shared out with this limit, not Mantine's default of 5.
notificationsStore.updateState((state) => ({ ...state, limit: LIMIT, defaultPosition: 'bottom-right' }));

/**
 * Where toasts show: SPEC §2, at the bottom right; on a phone above the tab menu (AppShell's footer offset), never
 * over it, so a tap meant for a tab reaches the tab (issue 29).
 */
export function ToastContainer() {
  return <Notifications position="bottom-right" limit={LIMIT} zIndex={1000} className={classes.container} />;
}

const LOOKS = {
  success: { color: 'green', icon: <IconCheck size={18} aria-hidden />, autoClose: 4000, testId: 'toast-success' },
  error: { color: 'red', icon: <IconAlertTriangle size={18} aria-hidden />, autoClose: 6000, testId: 'toast-error' },
  notice: { color: 'brand', icon: undefined, autoClose: 6000, testId: 'toast-notification' },
} as const;

export function show({ kind, title, message }: Toast): void {
  const look = LOOKS[kind];
  notifications.show({
    title,
    message,
    color: look.color,
    icon: look.icon,
    withBorder: true,
    closeButtonProps: { 'aria-label': i18next.t('common.close') },
    autoClose: look.autoClose,
    'data-testid': look.testId,
  } as Parameters<typeof notifications.show>[0]);
}
