import { Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import {
  matchDocumentType,
  MAX_CUSTOM_REQUESTS,
  REQUEST_CHECKLIST,
  type RequestChecklistKey,
} from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/index.ts';
import { useOpenedOnceMounted } from '../../ui/once-opened.tsx';
import { showErrorToast, showSuccessToast } from '../../ui/toast.tsx';
import { useSingleFlight } from '../../ui/use-single-flight.ts';
import { useDocumentTypes } from '../documents/index.ts';
import { useCreateRequests } from './requests-api.ts';

/**
 * Staff: pick forms from the checklist and/or type others (one per line), with an optional note. Each typed line is
 * filed under a document type, preselected from its text as it is typed ("W2 from employer": W-2) until staff
 * choose one by hand.
 */
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
  /** The type staff chose by hand for the line at that place (null: no type); the other lines' follow their text. */
  const [chosen, setChosen] = useState<Record<number, string | null>>({});
  const [note, setNote] = useState('');
  const types = useDocumentTypes().data?.items ?? [];
  const [error, setError] = useState<string | null>(null);
  // Loaded on first open (ticket-requests-panel.tsx): it mounts closed, so the focus goes back on close.
  const shown = useOpenedOnceMounted(opened);

  const lines = custom
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const typeOf = (i: number): string | null =>
    Object.hasOwn(chosen, i) ? chosen[i]! : (matchDocumentType(lines[i]!, types)?.id ?? null);

  const reset = () => {
    setChecked([]);
    setCustom('');
    setChosen({});
    setNote('');
    setError(null);
  };
  const submit = useSingleFlight(async () => {
    if (!checked.length && !lines.length) {
      setError(t('documentRequests.pickOne'));
      return;
    }
    if (lines.length > MAX_CUSTOM_REQUESTS) {
      setError(t('documentRequests.tooMany', { max: MAX_CUSTOM_REQUESTS, count: lines.length }));
      return;
    }
    await create
      .mutateAsync(
        {
          checklist: checked as RequestChecklistKey[],
          custom: lines.map((label, i) => ({ label, document_type_id: typeOf(i) })),
          ...(note.trim() ? { note: note.trim() } : {}),
        },
        {
          onSuccess: () => {
            showSuccessToast(t('documentRequests.sent'));
            reset();
            onClose();
          },
          onError: (err) => (isApiError(err) ? setError(err.detail) : showErrorToast(err.message)),
        },
      )
      .catch(() => undefined); // told by onError above
  });

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
        {lines.length > 0 && (
          <Stack gap="xs" data-testid="custom-request-types">
            {lines.map((line, i) => (
              <Select
                // A line keeps its place (and the type chosen for it) while its text is typed.
                key={i}
                label={t('documentRequests.customType', { label: line })}
                placeholder={t('documentRequests.noType')}
                data={types.map((d) => ({ value: d.id, label: d.name }))}
                value={typeOf(i)}
                onChange={(v) => setChosen((c) => ({ ...c, [i]: v }))}
                clearable
                searchable
                nothingFoundMessage={t('documentRequests.noTypeFound')}
                data-testid="custom-request-type"
              />
            ))}
          </Stack>
        )}
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
          <Button onClick={() => void submit()} loading={create.isPending}>
            {t('documentRequests.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
