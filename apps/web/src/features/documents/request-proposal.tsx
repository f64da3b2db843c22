import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '../../ui/toast.tsx';
import { useProposalAnswer, type Document } from './documents-api.ts';

export interface RequestProposalProps {
  requestId: string;
  documentId: string;
  fileName: string;
  /** What the request asks for ("W-2"). */
  label: string;
  /** The request's ticket, where the reader is not on it already. */
  ticketName?: string | null;
}

/**
 * The vault's proposal of an upload for an open request: "This looks like the W-2 asked for on TD.0001: use it for
 * that request?", with Confirm (the request is fulfilled with it) and Not this one (never proposed again).
 */
export function RequestProposal({ requestId, documentId, fileName, label, ticketName }: RequestProposalProps) {
  const { t } = useTranslation();
  const answer = useProposalAnswer();
  const [sending, setSending] = useState<'confirm' | 'decline' | null>(null);
  const question = ticketName
    ? t('vault.proposal.onTicket', { label, ticket: ticketName })
    : t('vault.proposal.here', { label });
  const send = (accept: boolean) => {
    setSending(accept ? 'confirm' : 'decline');
    answer.mutate(
      { requestId, documentId, accept },
      {
        onSuccess: () =>
          showSuccessToast(t(accept ? 'vault.proposal.confirmed' : 'vault.proposal.declined', { label })),
        onError: (err) => showErrorToast(err.message),
        onSettled: () => setSending(null),
      },
    );
  };
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      role="group"
      aria-label={`${fileName}: ${question}`}
      data-testid="request-proposal"
      data-request={requestId}
      data-document={documentId}
    >
      <Group justify="space-between" align="center" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: '1 1 260px' }}>
          <IconClipboardCheck size={20} aria-hidden style={{ flexShrink: 0 }} color="var(--mantine-color-blue-7)" />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {fileName}
            </Text>
            <Text size="sm">{question}</Text>
          </div>
        </Group>
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          <Button
            size="compact-sm"
            onClick={() => send(true)}
            loading={sending === 'confirm'}
            disabled={sending !== null}
          >
            {t('vault.proposal.confirm')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => send(false)}
            loading={sending === 'decline'}
            disabled={sending !== null}
          >
            {t('vault.proposal.decline')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** The proposals among these documents (their `proposed_request`), one under the other; nothing without any. */
export function RequestProposals({ docs }: { docs: Document[] }) {
  const proposed = docs.filter((d) => d.proposed_request);
  if (!proposed.length) return null;
  return (
    <Stack gap="xs" data-testid="request-proposals">
      {proposed.map((d) => (
        <RequestProposal
          key={d.id}
          requestId={d.proposed_request!.id}
          documentId={d.id}
          fileName={d.file_name}
          label={d.proposed_request!.label}
          ticketName={d.proposed_request!.ticket_name}
        />
      ))}
    </Stack>
  );
}
