import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { REQUEST_CHECKLIST, type RequestChecklistKey } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/index.ts';
import { useOpenedOnceMounted } from '../../ui/once-opened.tsx';
import { showErrorToast, showSuccessToast } from '../../ui/toast.tsx';
import { useCreateRequests } from './requests-api.ts';

/** Staff: pick forms from the checklist and/or type others (one per line), with an optional note. */
export function RequestDocumentsModal({
  ticketId,
  opened,
  onClose,
}: {
  ticketId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateRequests(ticketId);
  const [checked, setChecked] = useState<string[]>([]);
  const [custom, setCustom] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Loaded on first open (ticket-requests-panel.tsx): it mounts closed, so the focus goes back on close.
  const shown = useOpenedOnceMounted(opened);

  const reset = () => {
    setChecked([]);
    setCustom('');
    setNote('');
    setError(null);
  };
  const submit = () => {
    const lines = custom
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    if (!checked.length && !lines.length) {
      setError(t('documentRequests.pickOne'));
      return;
    }
    create.mutate(
      { checklist: checked as RequestChecklistKey[], custom: lines, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          showSuccessToast(t('documentRequests.sent'));
          reset();
          onClose();
        },
        onError: (err) => (isApiError(err) ? setError(err.detail) : showErrorToast(err.message)),
      },
    );
  };

  return (
    <Modal opened={shown} onClose={onClose} title={t('documentRequests.modalTitle')} size="lg">
      <Stack gap="md" data-testid="request-documents-form">
        <Checkbox.Group
          label={t('documentRequests.checklist')}
          value={checked}
          onChange={(v) => {
            setChecked(v);
            setError(null);
          }}
        >
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" mt="xs">
            {REQUEST_CHECKLIST.map((c) => (
              <Checkbox key={c.key} value={c.key} label={c.label} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Textarea
          label={t('documentRequests.custom')}
          placeholder={t('documentRequests.customPlaceholder')}
          autosize
          minRows={2}
          value={custom}
          onChange={(e) => {
            setCustom(e.currentTarget.value);
            setError(null);
          }}
        />
        <Textarea
          label={t('documentRequests.note')}
          autosize
          minRows={2}
          maxLength={1000}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button onClick={submit} loading={create.isPending}>
            {t('documentRequests.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
