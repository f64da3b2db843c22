import { ActionIcon, Anchor, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconFileUpload, IconLink, IconLinkOff, IconX } from '@tabler/icons-react';
import type { DocumentRequest } from '@taxportal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../ui/format.ts';
import { ToneBadge } from '../../ui/tone-badge.tsx';
import { RequestProposal } from '../documents/index.ts';

const STATUS_TONE = { open: 'warning', fulfilled: 'success', cancelled: 'neutral' } as const;

export interface RequestRowActions {
  onUpload: () => void;
  onCancel: () => void;
  /** Staff: choose the document that fulfils it; take its file off. */
  onChooseFile: () => void;
  onUnmatch: () => void;
}

/** Which file fulfilled the request: received when, the file (opens in a new tab), uploaded when, matched by whom. */
function FulfilledBy({ request: r }: { request: DocumentRequest }) {
  const { t } = useTranslation();
  const file = r.fulfilled_document;
  return (
    <Text size="xs" c="dimmed" data-testid="request-fulfilled-by" style={{ overflowWrap: 'anywhere' }}>
      {t('documentRequests.fulfilledAt', { date: formatDate(r.fulfilled_at ?? file?.created_at ?? '') })}
      {file && (
        <>
          {' · '}
          <Anchor
            href={`${file.file_url}?disposition=inline`}
            target="_blank"
            rel="noopener noreferrer"
            size="xs"
            fw={600}
            data-testid="request-file"
            aria-label={t('documentRequests.file.view', { file: file.file_name })}
          >
            {file.file_name}
          </Anchor>
          {` · ${t('documentRequests.file.uploaded', { date: formatDate(file.created_at) })}`}
          {file.document_type_name &&
            r.document_type_name &&
            file.document_type_name !== r.document_type_name &&
            ` · ${t('documentRequests.file.otherType', { type: file.document_type_name })}`}
        </>
      )}
      {r.matched_via && ` · ${t(`documentRequests.file.via.${r.matched_via}`, { name: r.matched_by_name ?? '—' })}`}
    </Text>
  );
}

/** One request of the checklist: what is asked, its state, its file or the upload proposed for it, and actions. */
export function RequestRow({
  request: r,
  isStaff,
  actions,
}: {
  request: DocumentRequest;
  isStaff: boolean;
  actions: RequestRowActions;
}) {
  const { t } = useTranslation();
  const who =
    r.source === 'questionnaire'
      ? t(isStaff ? 'documentRequests.fromQuestionnaireStaff' : 'documentRequests.fromQuestionnaire', {
          date: formatDate(r.created_at),
        })
      : t('documentRequests.requestedBy', { name: r.requested_by_name ?? '—', date: formatDate(r.created_at) });
  const staffAction = (label: string, icon: ReactNode, onClick: () => void, color?: string) => (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color={color}
        onClick={onClick}
        aria-label={`${label}: ${r.label}`}
        style={{ flexShrink: 0 }}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Stack gap={6} data-testid="document-request" data-label={r.label} data-status={r.status}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap={isStaff ? 'nowrap' : 'wrap'}>
        <div style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Group gap={6}>
            <Text fw={600} size="sm">
              {r.label}
            </Text>
            <ToneBadge size="xs" tone={STATUS_TONE[r.status]}>
              {t(`documentRequests.status.${r.status}`)}
            </ToneBadge>
          </Group>
          {r.status === 'fulfilled' ? (
            <FulfilledBy request={r} />
          ) : (
            <Text size="xs" c="dimmed">
              {who}
              {isStaff && r.status === 'open' && r.reminders_sent > 0
                ? ` · ${t('documentRequests.reminders', { count: r.reminders_sent })}`
                : ''}
            </Text>
          )}
          {r.note && (
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              {t('documentRequests.note_label', { note: r.note })}
            </Text>
          )}
        </div>
        {isStaff
          ? r.status !== 'cancelled' && (
              <Group gap={0} wrap="nowrap">
                {staffAction(t('documentRequests.file.choose'), <IconLink size={16} />, actions.onChooseFile)}
                {r.status === 'fulfilled' &&
                  staffAction(t('documentRequests.file.unmatch'), <IconLinkOff size={16} />, actions.onUnmatch, 'red')}
                {r.status === 'open' &&
                  staffAction(t('documentRequests.cancel'), <IconX size={16} />, actions.onCancel, 'red')}
              </Group>
            )
          : r.status === 'open' && (
              <Button
                size="compact-sm"
                leftSection={<IconFileUpload size={14} />}
                onClick={actions.onUpload}
                style={{ flexShrink: 0 }}
                aria-label={`${t('documentRequests.upload')}: ${r.label}`}
              >
                {t('documentRequests.upload')}
              </Button>
            )}
      </Group>
      {r.proposed_document && (
        <RequestProposal
          requestId={r.id}
          documentId={r.proposed_document.id}
          fileName={r.proposed_document.file_name}
          label={r.label}
        />
      )}
    </Stack>
  );
}
