import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
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
  /** What the confirmation does, under the question (a list of consequences). */
  details?: ReactNode;
  /** The confirming button's text, when 'Ok' would not say what it does. */
  confirmLabel?: string;
  /** A step that cannot be undone: the confirming button is red and Cancel has the focus. */
  danger?: boolean;
}

/** The theme's red (shade 7) under white text is below WCAG AA's 4.5:1; shade 9 is 5.4:1. */
const DANGER = 'red.9';

/** A yes/no question with 'Cancel' and 'Ok' (or `confirmLabel`). */
export function ConfirmDialog({
  opened,
  message,
  label,
  busy,
  onCancel,
  onConfirm,
  testId,
  details,
  confirmLabel,
  danger = false,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal.Root opened={opened} onClose={onCancel} centered size="sm" radius="md">
      <Modal.Overlay backgroundOpacity={0.45} blur={2} />
      <Modal.Content aria-label={label} data-testid={testId}>
        <Modal.Body pt="lg">
          <Text size="md" fw={500}>
            {message}
          </Text>
          {details}
          <Group justify="flex-end" gap="sm" mt="xl" wrap="wrap">
            <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus={danger || undefined}>
              {t('common.cancel')}
            </Button>
            <Button
              onClick={onConfirm}
              loading={busy}
              color={danger ? DANGER : undefined}
              data-autofocus={!danger || undefined}
            >
              {confirmLabel ?? t('common.ok')}
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
