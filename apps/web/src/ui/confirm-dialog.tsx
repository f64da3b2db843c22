import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  opened: boolean;
  message: string;
  /** Accessible name of the dialog (it has no visible heading). */
  label: string;
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  testId?: string;
}

/** A yes/no question with 'Cancel' and 'Ok'. */
export function ConfirmDialog({ opened, message, label, busy, onCancel, onConfirm, testId }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal.Root opened={opened} onClose={onCancel} centered size="sm" radius="md">
      <Modal.Overlay backgroundOpacity={0.45} blur={2} />
      <Modal.Content aria-label={label} data-testid={testId}>
        <Modal.Body pt="lg">
          <Text size="md" fw={500}>
            {message}
          </Text>
          <Group justify="flex-end" gap="sm" mt="xl">
            <Button variant="default" onClick={onCancel} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button onClick={onConfirm} loading={busy} data-autofocus>
              {t('common.ok')}
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
