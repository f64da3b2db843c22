import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from './change-password-form.tsx';

export interface ChangePasswordModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * SPEC §2: the heading, a close icon, the form. Closing drops what was typed. SPEC draws the heading on desks only;
 * a phone's dialog without a title is not one a person can tell apart (issue 29), so phones show it too.
 */
export function ChangePasswordModal({ opened, onClose }: ChangePasswordModalProps) {
  const { t } = useTranslation();
  return (
    <Modal.Root opened={opened} onClose={onClose} centered size="md" radius="lg">
      <Modal.Overlay backgroundOpacity={0.45} blur={2} />
      <Modal.Content aria-label={t('changePassword.title')} data-testid="change-password-modal">
        <Modal.Header>
          <Modal.Title fw={700} fz="lg">
            {t('changePassword.title')}
          </Modal.Title>
          <Modal.CloseButton aria-label={t('common.close')} />
        </Modal.Header>
        <Modal.Body pb="lg">
          <ChangePasswordForm onSuccess={onClose} />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
