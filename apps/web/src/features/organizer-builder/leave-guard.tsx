import { useEffect, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';

/**
 * Unsaved changes: leaving for another page of the app asks first; closing or reloading the tab gets the browser's
 * own warning.
 */
export function LeaveGuard({ dirty, bypass }: { dirty: boolean; bypass: RefObject<boolean> }) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !bypass.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      label={t('organizerBuilder.leave.title')}
      message={t('organizerBuilder.leave.message')}
      confirmLabel={t('organizerBuilder.leave.confirm')}
      danger
      onCancel={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
      testId="leave-dialog"
    />
  );
}
