import { Button, FileInput, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  DRAFT_LABELS,
  DRAFT_NOTE_MAX,
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
  type DraftLabel,
  type TicketDetail,
} from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api/index.ts';
import { useSession } from '../../lib/session/index.ts';
import { statusView } from '../../ui/status-badge.tsx';
import { showSuccessToast } from '../../ui/toast.tsx';
import { useUploadDraft } from './drafts-api.ts';
import { contractText } from '../../lib/language.ts';

/** Staff upload a new draft version (a PDF ≤ 10 MB, checked again by the server). */
export function DraftsUploadForm({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation();
  const upload = useUploadDraft(ticket.id);
  const { data: session } = useSession();
  const [file, setFile] = useState<File | null>(null);
  const [label, setLabel] = useState<DraftLabel>('Draft');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The server's word on where an upload moves the ticket from here (none from Draft Ready itself).
  const moves = ticket.system_moves.find((m) => m.event === 'draft_uploaded');
  const movesTo = moves ? statusView(moves.status, 'staff', session?.statuses).label : null;

  const submit = async () => {
    setError(null);
    if (!file) return setError(t('drafts.filePlaceholder'));
    if (file.size > MAX_UPLOAD_BYTES)
      return setError(
        `${contractText(UPLOAD_MESSAGES.fileSizeExceeded)} ${contractText(UPLOAD_MESSAGES.fileSizeHint)}`,
      );
    try {
      const draft = await upload.mutateAsync({ file, label, note });
      showSuccessToast(
        movesTo
          ? t('drafts.uploadedMoved', { status: movesTo })
          : t('drafts.uploadedVersion', { version: draft.version }),
      );
      setFile(null);
      setNote('');
      setLabel('Draft');
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Paper withBorder p="sm" radius="md" data-testid="draft-upload-form">
      <Stack gap="xs">
        <Title order={4} size="h6">
          {t('drafts.uploadHeading')}
        </Title>
        <Text size="sm" c="dimmed" data-testid="draft-upload-effect">
          {movesTo ? t('drafts.uploadMoves', { status: movesTo }) : t('drafts.uploadStays')}
        </Text>
        <FileInput
          size="sm"
          label={t('drafts.file')}
          placeholder={t('drafts.filePlaceholder')}
          accept="application/pdf"
          value={file}
          onChange={(f) => {
            setFile(f);
            setError(null);
          }}
          error={error}
          clearable
          data-testid="draft-file"
        />
        <Select
          size="sm"
          label={t('drafts.labelField')}
          data={DRAFT_LABELS.map((l) => ({ value: l, label: l }))}
          value={label}
          allowDeselect={false}
          onChange={(v) => v && setLabel(v as DraftLabel)}
          data-testid="draft-upload-label"
        />
        <Textarea
          size="sm"
          label={t('drafts.note')}
          autosize
          minRows={2}
          maxLength={DRAFT_NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        <Button
          onClick={() => void submit()}
          loading={upload.isPending}
          style={{ alignSelf: 'flex-end' }}
          data-testid="draft-upload-submit"
        >
          {t('drafts.upload')}
        </Button>
      </Stack>
    </Paper>
  );
}
