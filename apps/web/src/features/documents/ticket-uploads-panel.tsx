import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TicketDetail } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentUploader } from './document-uploader.tsx';
import { useDocuments } from './documents-api.ts';
import { VaultDocumentList } from './vault-document-list.tsx';

/** On the ticket page: the ticket's documents and the uploader (the document goes to the ticket's owner). */
export function TicketUploadsPanel({ ticket, isStaff }: { ticket: TicketDetail; isStaff: boolean }) {
  const { t } = useTranslation();
  const list = useDocuments({ ticket_id: ticket.id });
  const docs = list.data?.pages.flatMap((p) => p.items) ?? [];
  const vaultLink = isStaff ? `/vault?customer=${encodeURIComponent(ticket.customer.id)}` : '/vault';
  return (
    <Paper withBorder shadow="xs" p="md" radius="md" data-testid="ticket-uploads-panel">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('vault.panelTitle')}
        </Title>
        <Anchor component={Link} to={vaultLink} size="sm">
          {t('vault.openVault')}
        </Anchor>
      </Group>
      <Stack gap="md">
        {list.isSuccess && docs.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('vault.panelEmpty')}
          </Text>
        )}
        {docs.length > 0 && <VaultDocumentList docs={docs} />}
        <DocumentUploader ticketId={ticket.id} />
      </Stack>
    </Paper>
  );
}
