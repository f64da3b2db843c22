import { ChangePasswordModal } from '../../features/auth/index.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';

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
  return (
    <>
      <ChangePasswordModal opened={password.opened} onClose={password.onClose} />
      <ConfirmDialog {...logout} testId="logout-dialog" />
    </>
  );
}
