import { Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import { IconClipboardList, IconPlus } from '@tabler/icons-react';
import type { DocumentRequest, TicketDetail } from '@taxportal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lazyComponent, loadOnIntent } from '../../lib/lazy-component.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { showErrorToast, showSuccessToast } from '../../ui/toast.tsx';
import { OnceOpened } from '../../ui/once-opened.tsx';
import { ToneBadge } from '../../ui/tone-badge.tsx';
import { DocumentUploader } from '../documents/index.ts';
import { questionnairePath } from '../questionnaire/index.ts';
import type * as FileDialogs from './request-file-dialogs.tsx';
import { RequestRow } from './request-row.tsx';
import type * as Form from './requests-form.tsx';
import { requestKeys, useCancelRequest, useTicketRequests } from './requests-api.ts';

/** Staff's request form: its code (checkboxes, the text areas) loads when it is first opened, not with the ticket. */
const RequestDocumentsModal = lazyComponent<ComponentProps<typeof Form.RequestDocumentsModal>>(() =>
  import('./requests-form.tsx').then((m) => ({ default: m.RequestDocumentsModal })),
);
/** Staff's tools on a request's file: loaded when first opened, like the form above. */
const ChooseRequestFileModal = lazyComponent<ComponentProps<typeof FileDialogs.ChooseRequestFileModal>>(() =>
  import('./request-file-dialogs.tsx').then((m) => ({ default: m.ChooseRequestFileModal })),
);
const UnmatchRequestFileModal = lazyComponent<ComponentProps<typeof FileDialogs.UnmatchRequestFileModal>>(() =>
  import('./request-file-dialogs.tsx').then((m) => ({ default: m.UnmatchRequestFileModal })),
);

/**
 * The ticket's document requests. Staff: the request form and every request's state (withdraw an open one, choose
 * the file that fulfils one or take it off). The customer: what is outstanding, each with an upload that fulfils it
 * (and the upload of theirs proposed for it, to confirm), and which file fulfilled what.
 */
export function TicketRequestsPanel({ ticket, isStaff }: { ticket: TicketDetail; isStaff: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const requests = useTicketRequests(ticket.id);
  const cancel = useCancelRequest();
  const [asking, setAsking] = useState(false);
  const [uploading, setUploading] = useState<DocumentRequest | null>(null);
  const [cancelling, setCancelling] = useState<DocumentRequest | null>(null);
  const [choosing, setChoosing] = useState<DocumentRequest | null>(null);
  const [unmatching, setUnmatching] = useState<DocumentRequest | null>(null);

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
            actions={{
              onUpload: () => setUploading(r),
              onCancel: () => setCancelling(r),
              onChooseFile: () => setChoosing(r),
              onUnmatch: () => setUnmatching(r),
            }}
          />
        ))}
        <Anchor component={Link} to={questionnairePath(ticket.name)} size="sm" data-testid="open-questionnaire">
          {t('documentRequests.openFromTicket')}
        </Anchor>
      </Stack>
      {isStaff && (
        <>
          <OnceOpened opened={asking} part={RequestDocumentsModal} onClose={() => setAsking(false)}>
            <RequestDocumentsModal ticketId={ticket.id} opened={asking} onClose={() => setAsking(false)} />
          </OnceOpened>
          {/* A new form per opening: it starts from the request as it is then. */}
          <OnceOpened opened={choosing !== null} part={ChooseRequestFileModal} fresh onClose={() => setChoosing(null)}>
            {choosing && (
              <ChooseRequestFileModal request={choosing} opened={choosing !== null} onClose={() => setChoosing(null)} />
            )}
          </OnceOpened>
          <OnceOpened
            opened={unmatching !== null}
            part={UnmatchRequestFileModal}
            fresh
            onClose={() => setUnmatching(null)}
          >
            {unmatching && (
              <UnmatchRequestFileModal
                request={unmatching}
                opened={unmatching !== null}
                onClose={() => setUnmatching(null)}
              />
            )}
          </OnceOpened>
        </>
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
