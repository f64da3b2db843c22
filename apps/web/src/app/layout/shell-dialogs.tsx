import { ChangePasswordModal } from '../../features/auth/index.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useOpenedOnceMounted } from '../../ui/once-opened.tsx';

export interface ShellDialogsProps {
  password: { opened: boolean; onClose: () => void };
  logout: {
    opened: boolean;
    busy: boolean;
    onCancel: () => void;
    onConfirm: () => void;
    label: string;
    message: string;
  };
}

/** The menu's two dialogs, change password and log out: a chunk of their own, loaded when one first opens. */
export function ShellDialogs({ password, logout }: ShellDialogsProps) {
  const passwordOpened = useOpenedOnceMounted(password.opened);
  const logoutOpened = useOpenedOnceMounted(logout.opened);
  return (
    <>
      <ChangePasswordModal opened={passwordOpened} onClose={password.onClose} />
      <ConfirmDialog {...logout} opened={logoutOpened} testId="logout-dialog" />
    </>
  );
}
