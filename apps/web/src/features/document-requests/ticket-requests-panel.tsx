import { ActionIcon, Anchor, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconClipboardList, IconFileUpload, IconPlus, IconX } from '@tabler/icons-react';
import type { DocumentRequest, TicketDetail } from '@taxportal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lazyComponent, loadOnIntent } from '../../lib/lazy-component.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { formatDate } from '../../ui/format.ts';
import { SectionCard } from '../../ui/section-card.tsx';
import { showErrorToast, showSuccessToast } from '../../ui/toast.tsx';
import { OnceOpened } from '../../ui/once-opened.tsx';
import { ToneBadge } from '../../ui/tone-badge.tsx';
import { DocumentUploader } from '../documents/index.ts';
import { questionnairePath } from '../questionnaire/index.ts';
import type * as Form from './requests-form.tsx';
import { requestKeys, useCancelRequest, useTicketRequests } from './requests-api.ts';

/** Staff's request form: its code (checkboxes, the text areas) loads when it is first opened, not with the ticket. */
const RequestDocumentsModal = lazyComponent<ComponentProps<typeof Form.RequestDocumentsModal>>(() =>
  import('./requests-form.tsx').then((m) => ({ default: m.RequestDocumentsModal })),
);

const STATUS_TONE = { open: 'warning', fulfilled: 'success', cancelled: 'neutral' } as const;

function RequestRow({
  request,
  isStaff,
  onUpload,
  onCancel,
}: {
  request: DocumentRequest;
  isStaff: boolean;
  onUpload: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const r = request;
  const who =
    r.source === 'questionnaire'
      ? t(isStaff ? 'documentRequests.fromQuestionnaireStaff' : 'documentRequests.fromQuestionnaire', {
          date: formatDate(r.created_at),
        })
      : t('documentRequests.requestedBy', { name: r.requested_by_name ?? '—', date: formatDate(r.created_at) });
  return (
    <Group
      justify="space-between"
      align="flex-start"
      gap="xs"
      wrap={isStaff ? 'nowrap' : 'wrap'}
      data-testid="document-request"
      data-label={r.label}
      data-status={r.status}
    >
      <div style={{ minWidth: 0, flex: '1 1 240px' }}>
        <Group gap={6}>
          <Text fw={600} size="sm">
            {r.label}
          </Text>
          <ToneBadge size="xs" tone={STATUS_TONE[r.status]}>
            {t(`documentRequests.status.${r.status}`)}
          </ToneBadge>
        </Group>
        <Text size="xs" c="dimmed">
          {r.status === 'fulfilled' && r.fulfilled_at
            ? t('documentRequests.fulfilledAt', { date: formatDate(r.fulfilled_at) })
            : who}
          {isStaff && r.status === 'open' && r.reminders_sent > 0
            ? ` · ${t('documentRequests.reminders', { count: r.reminders_sent })}`
            : ''}
        </Text>
        {r.note && (
          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
            {t('documentRequests.note_label', { note: r.note })}
          </Text>
        )}
      </div>
      {r.status === 'open' &&
        (isStaff ? (
          <Tooltip label={t('documentRequests.cancel')}>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={onCancel}
              aria-label={`${t('documentRequests.cancel')}: ${r.label}`}
              style={{ flexShrink: 0 }}
            >
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        ) : (
          <Button
            size="compact-sm"
            leftSection={<IconFileUpload size={14} />}
            onClick={onUpload}
            style={{ flexShrink: 0 }}
            aria-label={`${t('documentRequests.upload')}: ${r.label}`}
          >
            {t('documentRequests.upload')}
          </Button>
        ))}
    </Group>
  );
}

/**
 * The ticket's document requests. Staff: the request form and every request's state (withdraw an open
 * one). The customer: what is outstanding, each with an upload that fulfils it, and what was received.
 */
export function TicketRequestsPanel({ ticket, isStaff }: { ticket: TicketDetail; isStaff: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const requests = useTicketRequests(ticket.id);
  const cancel = useCancelRequest();
  const [asking, setAsking] = useState(false);
  const [uploading, setUploading] = useState<DocumentRequest | null>(null);
  const [cancelling, setCancelling] = useState<DocumentRequest | null>(null);

  const all = requests.data?.items ?? [];
  // The customer does not need to see withdrawn requests.
  const shown = isStaff ? all : all.filter((r) => r.status !== 'cancelled');
  const open = all.filter((r) => r.status === 'open').length;

  return (
    <SectionCard
      title={t('documentRequests.title')}
      icon={IconClipboardList}
      badge={
        open > 0 && (
          <ToneBadge tone="warning" size="md" data-testid="requests-outstanding">
            {t('documentRequests.outstanding', { count: open })}
          </ToneBadge>
        )
      }
      actions={
        // A finished or cancelled ticket asks for nothing more (the server refuses it too).
        isStaff &&
        ticket.status_category !== 'done' &&
        ticket.status_category !== 'cancelled' && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setAsking(true)}
            {...loadOnIntent(RequestDocumentsModal)}
          >
            {t('documentRequests.request')}
          </Button>
        )
      }
      data-testid="ticket-requests"
    >
      <Stack gap="md">
        {shown.length === 0 && !requests.isPending && (
          <Text size="sm" c="dimmed">
            {t('documentRequests.empty')}
          </Text>
        )}
        {shown.map((r) => (
          <RequestRow
            key={r.id}
            request={r}
            isStaff={isStaff}
            onUpload={() => setUploading(r)}
            onCancel={() => setCancelling(r)}
          />
        ))}
        <Anchor component={Link} to={questionnairePath(ticket.name)} size="sm" data-testid="open-questionnaire">
          {t('documentRequests.openFromTicket')}
        </Anchor>
      </Stack>
      {isStaff && (
        <OnceOpened opened={asking} part={RequestDocumentsModal} onClose={() => setAsking(false)}>
          <RequestDocumentsModal ticketId={ticket.id} opened={asking} onClose={() => setAsking(false)} />
        </OnceOpened>
      )}
      <Modal
        opened={uploading !== null}
        onClose={() => setUploading(null)}
        title={uploading ? t('documentRequests.uploadTitle', { label: uploading.label }) : ''}
        size="lg"
      >
        {uploading && (
          <DocumentUploader
            ticketId={ticket.id}
            requestId={uploading.id}
            defaultDocumentTypeId={uploading.document_type_id ?? undefined}
            onUploaded={() => {
              setUploading(null);
              void client.invalidateQueries({ queryKey: requestKeys.all });
            }}
          />
        )}
      </Modal>
      <ConfirmDialog
        opened={cancelling !== null}
        label={t('documentRequests.cancel')}
        message={cancelling ? t('documentRequests.cancelConfirm', { label: cancelling.label }) : ''}
        busy={cancel.isPending}
        onCancel={() => setCancelling(null)}
        onConfirm={() =>
          cancelling &&
          cancel.mutate(cancelling.id, {
            onSuccess: () => {
              showSuccessToast(t('documentRequests.cancelled'));
              setCancelling(null);
            },
            onError: (err) => showErrorToast(err.message),
          })
        }
        testId="cancel-request-dialog"
      />
    </SectionCard>
  );
}
