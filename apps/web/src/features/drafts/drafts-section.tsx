import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconCheck, IconDownload, IconEye, IconMessageCircle } from '@tabler/icons-react';
import {
  DRAFT_LABELS,
  DRAFT_MESSAGE_MAX,
  DRAFT_REVIEW_STATUS,
  type Draft,
  type DraftLabel,
  type TicketDetail,
} from '@taxportal/contract';
import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { errorMessage, isApiError } from '../../lib/api/index.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { formatDateTime } from '../../ui/format.ts';
import { StatusBadge, statusView } from '../../ui/status-badge.tsx';
import { showErrorToast, showSuccessToast } from '../../ui/toast.tsx';
import { ToneBadge, type BadgeTone } from '../../ui/tone-badge.tsx';
import {
  documentFileUrl,
  useApproveDraft,
  useDrafts,
  useRequestDraftChanges,
  useUpdateDraftLabel,
} from './drafts-api.ts';
import { DraftsPreviewModal } from './drafts-preview-modal.tsx';
import { lazyComponent, preloadAhead } from '../../lib/lazy-component.ts';
import { LoadedPart } from '../../ui/loaded-part.tsx';
import type * as Upload from './drafts-upload-form.tsx';
import { useSession } from '../../lib/session/index.ts';

/**
 * Staff's upload form loads for staff only: the page the server renders (a customer's, routes.tsx) never draws
 * it, so it needs no loading before hydration.
 */
const DraftsUploadForm = lazyComponent<ComponentProps<typeof Upload.DraftsUploadForm>>(() =>
  import('./drafts-upload-form.tsx').then((m) => ({ default: m.DraftsUploadForm })),
);
/** Staff's form, asked for as soon as the session says staff (ticket-drafts-panel.tsx). */
export const preloadDraftsStaffParts = (): void => preloadAhead(DraftsUploadForm);

/** Where the server accepts a new draft version (later, the return is past the draft stage). */
const DRAFT_UPLOAD_STATUSES = new Set<string>([
  'Open',
  'Tax Preparation',
  'Required More Information',
  'Filing In Process',
  'Draft Ready',
  'Draft Finalised',
]);

// Dark text on a tint (the yellow outline "Awaiting review" was faint on white).
const STATUS_TONES: Record<Draft['status'], BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  changes_requested: 'danger',
  superseded: 'neutral',
  not_reviewed: 'neutral',
};

/** A version's state in words: the server says which (a pending draft the ticket moved past is not_reviewed). */
function statusText(t: TFunction, d: Draft): string {
  if (d.status === 'superseded' && d.superseded_by_version !== null)
    return t('drafts.supersededBy', { version: d.superseded_by_version });
  return t(`drafts.status.${d.status}`);
}

/** A draft's label (SPEC §4 displayed states) with its badge style, read by staff or customer. */
function DraftLabelBadge({ label, isStaff }: { label: DraftLabel; isStaff: boolean }) {
  // The session's labels: the firm's, in the reader's language (the contract's own are English).
  const { data: session } = useSession();
  const view = statusView(label, isStaff ? 'staff' : 'customer', session?.statuses);
  return <StatusBadge {...view} size="sm" data-testid="draft-label" />;
}

/** Every version of the ticket's draft, newest first; the customer reviews the current one. */
export function DraftsSection({ ticket, isStaff }: { ticket: TicketDetail; isStaff: boolean }) {
  const { t } = useTranslation();
  const drafts = useDrafts(ticket.id);
  const approve = useApproveDraft(ticket.id);
  const changes = useRequestDraftChanges(ticket.id);
  const relabel = useUpdateDraftLabel(ticket.id);
  const [preview, setPreview] = useState<Draft | null>(null);
  const [approving, setApproving] = useState<Draft | null>(null);
  const [changing, setChanging] = useState<Draft | null>(null);
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState<string | null>(null);

  const doApprove = async () => {
    if (!approving) return;
    try {
      await approve.mutateAsync(approving.id);
      showSuccessToast(t('drafts.approved'));
    } catch (err) {
      showErrorToast(errorMessage(err));
    }
    setApproving(null);
  };
  const doChanges = async () => {
    if (!changing) return;
    if (!message.trim()) {
      setMessageError(t('drafts.changesLabel'));
      return;
    }
    try {
      await changes.mutateAsync({ draftId: changing.id, message: message.trim() });
      showSuccessToast(t('drafts.changesSent'));
      setChanging(null);
      setMessage('');
    } catch (err) {
      if (isApiError(err) && err.status === 409) {
        // No longer possible (a newer version, or the ticket moved on): the list refreshes, the dialog closes.
        showErrorToast(err.detail);
        setChanging(null);
        return;
      }
      setMessageError(errorMessage(err));
    }
  };
  const doRelabel = async (draft: Draft, label: DraftLabel) => {
    try {
      await relabel.mutateAsync({ draftId: draft.id, label });
      showSuccessToast(t('drafts.labelChanged'));
    } catch (err) {
      showErrorToast(errorMessage(err));
    }
  };

  const items = drafts.data?.items ?? [];
  // The server reads a version pending only while its customer can decide (current, ticket in Draft Ready);
  // the ticket's status is checked too, for the moment between a live status change and the list's refresh.
  const reviewable = (d: Draft) =>
    !isStaff && d.is_current && d.status === 'pending' && ticket.status === DRAFT_REVIEW_STATUS;

  return (
    <Stack gap="sm" data-testid="drafts-section">
      <Title order={3} size="h6">
        {t('drafts.draftsHeading')}
      </Title>
      {drafts.isError && <Alert color="red">{errorMessage(drafts.error)}</Alert>}
      {drafts.isSuccess && items.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="drafts-empty">
          {isStaff ? t('drafts.noDraftsStaff') : t('drafts.noDrafts')}
        </Text>
      )}
      {items.map((d) => (
        <Stack
          key={d.id}
          gap={6}
          p="sm"
          style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
          data-testid="draft-row"
          data-version={d.version}
          data-status={d.status}
        >
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{t('drafts.version', { version: d.version })}</Text>
            <DraftLabelBadge label={d.label} isStaff={isStaff} />
            <ToneBadge tone={STATUS_TONES[d.status]} data-testid="draft-status">
              {statusText(t, d)}
            </ToneBadge>
          </Group>
          {d.status === 'not_reviewed' && (
            <Text size="sm" c="dimmed" data-testid="draft-not-reviewed">
              {isStaff ? t('drafts.notReviewedStaff') : t('drafts.notReviewedCustomer')}
            </Text>
          )}
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {d.file_name}
          </Text>
          <Text size="xs" c="dimmed">
            {t('drafts.uploadedBy', { when: formatDateTime(d.created_at), name: d.uploaded_by?.full_name ?? '' })}
          </Text>
          {d.note && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {d.note}
            </Text>
          )}
          {d.decided_at && d.decided_by && (
            <Text size="xs" c="dimmed">
              {t('drafts.decidedBy', {
                status: t(`drafts.status.${d.status === 'superseded' ? 'pending' : d.status}`),
                name: d.decided_by.full_name,
                when: formatDateTime(d.decided_at),
              })}
            </Text>
          )}
          <Group gap="xs" wrap="wrap" mt={4}>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconEye size={14} aria-hidden />}
              onClick={() => setPreview(d)}
              data-testid="draft-preview"
            >
              {t('drafts.preview')}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} aria-hidden />}
              component="a"
              href={documentFileUrl(d.document_id)}
              download={d.file_name}
            >
              {t('drafts.download')}
            </Button>
            {reviewable(d) && (
              <>
                <Button
                  size="xs"
                  leftSection={<IconCheck size={14} aria-hidden />}
                  onClick={() => setApproving(d)}
                  data-testid="draft-approve"
                >
                  {t('drafts.approve')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconMessageCircle size={14} aria-hidden />}
                  onClick={() => setChanging(d)}
                  data-testid="draft-request-changes"
                >
                  {t('drafts.requestChanges')}
                </Button>
              </>
            )}
          </Group>
          {isStaff && (
            <Select
              size="xs"
              label={t('drafts.labelField')}
              data={DRAFT_LABELS.map((l) => ({ value: l, label: l }))}
              value={d.label}
              allowDeselect={false}
              onChange={(v) => v && v !== d.label && void doRelabel(d, v as DraftLabel)}
              data-testid="draft-label-select"
              maw={220}
            />
          )}
        </Stack>
      ))}
      {isStaff && DRAFT_UPLOAD_STATUSES.has(ticket.status) && (
        <LoadedPart part={DraftsUploadForm}>
          <DraftsUploadForm ticket={ticket} />
        </LoadedPart>
      )}

      <DraftsPreviewModal
        file={
          preview
            ? {
                documentId: preview.document_id,
                title: t('drafts.previewOf', { version: preview.version, name: preview.file_name }),
                fileName: preview.file_name,
              }
            : null
        }
        onClose={() => setPreview(null)}
      />
      <ConfirmDialog
        opened={approving !== null}
        label={t('drafts.confirmApproveTitle')}
        message={t('drafts.confirmApproveText', { version: approving?.version ?? '' })}
        busy={approve.isPending}
        onCancel={() => setApproving(null)}
        onConfirm={() => void doApprove()}
        testId="draft-approve-dialog"
      />
      <Modal
        opened={changing !== null}
        onClose={() => setChanging(null)}
        title={t('drafts.changesTitle')}
        centered
        data-testid="draft-changes-dialog"
      >
        <Stack>
          <Textarea
            label={t('drafts.changesLabel')}
            placeholder={t('drafts.changesPlaceholder')}
            autosize
            minRows={3}
            maxLength={DRAFT_MESSAGE_MAX}
            value={message}
            onChange={(e) => {
              setMessage(e.currentTarget.value);
              setMessageError(null);
            }}
            error={messageError}
            data-autofocus
            data-testid="draft-changes-message"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setChanging(null)}>
              {t('drafts.cancel')}
            </Button>
            <Button onClick={() => void doChanges()} loading={changes.isPending} data-testid="draft-changes-send">
              {t('drafts.send')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
