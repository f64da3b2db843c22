import '@mantine/dropzone/styles.layer.css';
import { Alert, Button, CloseButton, Group, Paper, Progress, Select, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconAlertTriangle, IconCamera, IconCloudUpload, IconFile, IconUpload, IconX } from '@tabler/icons-react';
import { MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES, UPLOAD_ACCEPT_TYPES } from '@taxportal/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/index.ts';
import { showSuccessToast } from '../../ui/toast.tsx';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { formatBytes, useDocumentTypes, useUploadDocuments, type Document } from './documents-api.ts';

export interface DocumentUploaderProps {
  /** Staff uploading into a customer's vault. */
  customerId?: string;
  ticketId?: string;
  /** Uploading against a document request ticks it off. */
  requestId?: string;
  defaultDocumentTypeId?: string;
  onUploaded?: (docs: Document[]) => void;
  /** Without `ticketId`: tickets the upload may be filed under (an optional choice). */
  ticketOptions?: { value: string; label: string }[];
}

interface Problem {
  title: string;
  message?: string;
}

/**
 * Drag and drop or pick (several files), or take a photo on a phone; a document type is required. Files over
 * 10 MB are refused before sending with SPEC's texts; a progress bar shows while the files go up.
 */
export function DocumentUploader({
  customerId,
  ticketId,
  requestId,
  defaultDocumentTypeId,
  onUploaded,
  ticketOptions,
}: DocumentUploaderProps) {
  const { t } = useTranslation();
  // Nothing is dragged on a phone: the drop area is a button there.
  const isPhone = useIsPhone();
  const types = useDocumentTypes();
  const upload = useUploadDocuments();
  const camera = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [typeId, setTypeId] = useState<string | null>(defaultDocumentTypeId ?? null);
  const [typeError, setTypeError] = useState(false);
  const [chosenTicket, setChosenTicket] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const add = (picked: File[]) => {
    setProblem(null);
    const tooBig = picked.filter((f) => f.size > MAX_UPLOAD_BYTES);
    if (tooBig.length) {
      setProblem({ title: t('vault.sizeExceeded'), message: t('vault.sizeHint') });
    }
    const ok = picked.filter((f) => f.size <= MAX_UPLOAD_BYTES);
    setFiles((current) => [...current, ...ok].slice(0, MAX_FILES_PER_UPLOAD));
  };

  const send = async () => {
    if (!typeId) {
      setTypeError(true);
      return;
    }
    if (!files.length) {
      setProblem({ title: t('vault.fileRequired') });
      return;
    }
    // Checked again just before sending (the server checks too).
    if (files.some((f) => f.size > MAX_UPLOAD_BYTES)) {
      setProblem({ title: t('vault.sizeExceeded'), message: t('vault.sizeHint') });
      return;
    }
    setProblem(null);
    setProgress(0);
    try {
      const docs = await upload.mutateAsync({
        fields: {
          document_type: typeId,
          ticket_id: ticketId ?? chosenTicket ?? undefined,
          request_id: requestId,
          customer_id: customerId,
        },
        files,
        onProgress: (f) => setProgress(Math.round(f * 100)),
      });
      setFiles([]);
      showSuccessToast(t('vault.uploaded', { count: docs.length }));
      onUploaded?.(docs);
    } catch (err) {
      if (isApiError(err)) {
        setProblem({ title: err.message, message: err.errors.find((e) => e.message !== err.message)?.message });
      } else {
        setProblem({ title: t('common.somethingWentWrong') });
      }
    } finally {
      setProgress(null);
    }
  };

  const busy = progress !== null;
  return (
    <Stack gap="sm" data-testid="document-uploader">
      <Select
        label={t('vault.documentType')}
        placeholder={t('vault.chooseType')}
        data={(types.data?.items ?? []).map((d) => ({ value: d.id, label: d.name }))}
        value={typeId}
        onChange={(v) => {
          setTypeId(v);
          setTypeError(false);
        }}
        error={typeError ? t('vault.typeRequired') : undefined}
        withAsterisk
        searchable
        disabled={busy}
        comboboxProps={{ withinPortal: true }}
        data-testid="document-type-select"
      />
      {!ticketId && ticketOptions && ticketOptions.length > 0 && (
        <Select
          label={t('vault.ticket')}
          placeholder={t('vault.noTicketChosen')}
          data={ticketOptions}
          value={chosenTicket}
          onChange={setChosenTicket}
          clearable
          disabled={busy}
          comboboxProps={{ withinPortal: true }}
          data-testid="document-ticket-select"
        />
      )}
      <Dropzone
        onDrop={add}
        onReject={(rejected) => add(rejected.map((r) => r.file))}
        accept={UPLOAD_ACCEPT_TYPES}
        multiple
        disabled={busy}
        radius="md"
        data-testid="document-dropzone"
        aria-label={t('vault.dropLabel')}
        // The hidden file field's own name (react-dropzone's is English: "file upload").
        inputProps={{ 'aria-label': t('vault.dropLabel') }}
      >
        <Group justify="center" gap="md" mih={96} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={40} stroke={1.5} aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} stroke={1.5} aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconCloudUpload size={40} stroke={1.5} aria-hidden />
          </Dropzone.Idle>
          <div>
            <Text fw={600}>{isPhone ? t('vault.dropTitlePhone') : t('vault.dropTitle')}</Text>
            <Text size="sm" c="dimmed">
              {t('vault.dropHint')}
            </Text>
          </div>
        </Group>
      </Dropzone>
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        data-testid="camera-input"
        onChange={(e) => {
          add(Array.from(e.currentTarget.files ?? []));
          e.currentTarget.value = '';
        }}
      />
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconCamera size={18} aria-hidden />}
          onClick={() => camera.current?.click()}
          disabled={busy}
        >
          {t('vault.takePhoto')}
        </Button>
      </Group>

      {files.length > 0 && (
        <Stack gap={4} data-testid="pending-files">
          {files.map((f, i) => (
            <Paper key={`${f.name}-${i}`} withBorder px="sm" py={6} radius="sm">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <IconFile size={18} aria-hidden />
                  <Text size="sm" truncate="end">
                    {f.name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {formatBytes(f.size)}
                  </Text>
                </Group>
                <CloseButton
                  size="sm"
                  aria-label={t('vault.removeFile', { name: f.name })}
                  disabled={busy}
                  onClick={() => setFiles((cur) => cur.filter((_, j) => j !== i))}
                />
              </Group>
            </Paper>
          ))}
        </Stack>
      )}

      {problem && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={problem.title}
          role="alert"
          data-testid="upload-error"
        >
          {problem.message}
        </Alert>
      )}

      {busy && (
        <Stack gap={4} data-testid="upload-progress" role="status" aria-live="polite">
          <Text fw={600} size="sm">
            {t('vault.uploading')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('vault.pleaseWait')}
          </Text>
          <Progress value={progress ?? 0} animated size="lg" aria-label={t('vault.progress')} />
        </Stack>
      )}

      <Group justify="flex-end">
        <Button
          onClick={send}
          loading={busy}
          leftSection={<IconUpload size={18} aria-hidden />}
          data-testid="upload-submit"
        >
          {files.length > 1 ? t('vault.uploadCount', { count: files.length }) : t('vault.upload')}
        </Button>
      </Group>
    </Stack>
  );
}
