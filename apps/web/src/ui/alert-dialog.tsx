import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface AlertDialogProps {
  opened: boolean;
  message: string;
  /** Called by 'Ok', the close icon and Escape alike. */
  onClose: () => void;
}

/** SPEC §8's generic alert: header 'Alert', one 'Ok' button that closes it. */
export function AlertDialog({ opened, message, onClose }: AlertDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('common.alert')}
      centered
      size="sm"
      radius="md"
      data-testid="alert-dialog"
    >
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose} data-autofocus>
          {t('common.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
