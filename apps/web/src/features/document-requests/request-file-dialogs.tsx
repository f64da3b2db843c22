import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import type { DocumentRequest } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/index.ts';
import { formatDate } from '../../ui/format.ts';
import { useOpenedOnceMounted } from '../../ui/once-opened.tsx';
import { showErrorToast, showSuccessToast } from '../../ui/toast.tsx';
import { useSingleFlight } from '../../ui/use-single-flight.ts';
import { useDocuments } from '../documents/index.ts';
import { useMatchRequestFile, useUnmatchRequestFile } from './requests-api.ts';

// Staff's tools on a request's file, each loaded when first opened (ticket-requests-panel.tsx): which of the
// customer's documents fulfils it, and taking the file off with a reason.

interface DialogProps {
  request: DocumentRequest;
  opened: boolean;
  onClose: () => void;
}

/** The problem to show in the form: the server's field message where it gave one, else its detail. */
const problemOf = (err: Error) => (isApiError(err) ? (err.errors[0]?.message ?? err.detail) : null);

/** A refusal the dialog explains (problem+json) shown in it; anything else as a toast. */
const showProblemOr =
  (setError: (problem: NonNullable<ReturnType<typeof problemOf>>) => void) =>
  (err: Error): void => {
    const problem = problemOf(err);
    if (problem) setError(problem);
    else showErrorToast(err.message);
  };

/** Staff: pick which of the customer's uploads fulfils the request (in place of its file, if it has one). */
export function ChooseRequestFileModal({ request, opened, onClose }: DialogProps) {
  const { t } = useTranslation();
  const shown = useOpenedOnceMounted(opened);
  const match = useMatchRequestFile();
  const docs = useDocuments({ customer_id: request.customer_id, kind: 'upload' });
  const uploads = (docs.data?.pages.flatMap((p) => p.items) ?? []).filter((d) => d.visibility === 'shared');
  const [chosen, setChosen] = useState<string | null>(request.fulfilled_document_id);
  const [error, setError] = useState<string | null>(null);

  const save = useSingleFlight(async () => {
    if (!chosen) {
      setError(t('documentRequests.file.choose'));
      return;
    }
    await match
      .mutateAsync(
        { requestId: request.id, documentId: chosen },
        {
          onSuccess: () => {
            showSuccessToast(t('documentRequests.file.matched', { label: request.label }));
            onClose();
          },
          onError: showProblemOr(setError),
        },
      )
      .catch(() => undefined); // told by onError above
  });

  return (
    <Modal
      opened={shown}
      onClose={onClose}
      title={t('documentRequests.file.chooseTitle', { label: request.label })}
      size="lg"
    >
      <Stack gap="md" data-testid="choose-request-file">
        {docs.isSuccess && uploads.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('documentRequests.file.noDocuments')}
          </Text>
        ) : (
          <Select
            label={t('documentRequests.file.document')}
            placeholder={t('documentRequests.file.choose')}
            data={uploads.map((d) => ({
              value: d.id,
              label: [d.file_name, d.document_type_name, formatDate(d.created_at), d.ticket_name]
                .filter(Boolean)
                .join(' · '),
            }))}
            value={chosen}
            onChange={(v) => {
              setChosen(v);
              setError(null);
            }}
            searchable
            comboboxProps={{ withinPortal: true }}
            error={error}
            data-testid="request-file-select"
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void save()} loading={match.isPending} disabled={uploads.length === 0}>
            {t('documentRequests.file.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Staff: the request's file is not what it asks for; the request opens again. The reason is kept in the audit. */
export function UnmatchRequestFileModal({ request, opened, onClose }: DialogProps) {
  const { t } = useTranslation();
  const shown = useOpenedOnceMounted(opened);
  const unmatch = useUnmatchRequestFile();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const save = useSingleFlight(async () => {
    if (!reason.trim()) {
      setError(t('documentRequests.file.reasonRequired'));
      return;
    }
    await unmatch
      .mutateAsync(
        { requestId: request.id, reason: reason.trim() },
        {
          onSuccess: () => {
            showSuccessToast(t('documentRequests.file.unmatched', { label: request.label }));
            setReason('');
            onClose();
          },
          onError: showProblemOr(setError),
        },
      )
      .catch(() => undefined); // told by onError above
  });

  return (
    <Modal
      opened={shown}
      onClose={onClose}
      title={t('documentRequests.file.unmatchTitle', {
        label: request.label,
        file: request.fulfilled_document?.file_name ?? '',
      })}
      size="lg"
    >
      <Stack gap="md" data-testid="unmatch-request-file">
        <Text size="sm">{t('documentRequests.file.unmatchHint')}</Text>
        <Textarea
          label={t('documentRequests.file.reason')}
          autosize
          minRows={2}
          maxLength={500}
          withAsterisk
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={() => void save()} loading={unmatch.isPending}>
            {t('documentRequests.file.unmatch')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
