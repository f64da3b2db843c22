import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from './change-password-form.tsx';

export interface ChangePasswordModalProps {
  opened: boolean;
  onClose: () => void;
}

/** SPEC §2: heading on non-mobile layouts only, a close icon, the form. Closing drops what was typed. */
export function ChangePasswordModal({ opened, onClose }: ChangePasswordModalProps) {
  const { t } = useTranslation();
  const isMobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  return (
    <Modal.Root opened={opened} onClose={onClose} centered size="md" radius="lg">
      <Modal.Overlay backgroundOpacity={0.45} blur={2} />
      <Modal.Content aria-label={t('changePassword.title')} data-testid="change-password-modal">
        <Modal.Header>
          {!isMobile && (
            <Modal.Title fw={700} fz="lg">
              {t('changePassword.title')}
            </Modal.Title>
          )}
          <Modal.CloseButton aria-label={t('common.close')} />
        </Modal.Header>
        <Modal.Body pb="lg">
          <ChangePasswordForm onSuccess={onClose} />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
