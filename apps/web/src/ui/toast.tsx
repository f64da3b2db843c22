import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import i18next from 'i18next';

/** SPEC §2: a toast at the bottom right, styled success or error. Position is set once on <Notifications>. */
export function showSuccessToast(message: string): void {
  notifications.show({
    message,
    color: 'green',
    icon: <IconCheck size={18} aria-hidden />,
    withBorder: true,
    closeButtonProps: { 'aria-label': i18next.t('common.close') },
    autoClose: 4000,
    'data-testid': 'toast-success',
  } as Parameters<typeof notifications.show>[0]);
}

export function showErrorToast(message: string): void {
  notifications.show({
    message,
    color: 'red',
    icon: <IconAlertTriangle size={18} aria-hidden />,
    withBorder: true,
    closeButtonProps: { 'aria-label': i18next.t('common.close') },
    autoClose: 6000,
    'data-testid': 'toast-error',
  } as Parameters<typeof notifications.show>[0]);
}
