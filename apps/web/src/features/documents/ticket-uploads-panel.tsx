import { Anchor, Text } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import type { TicketDetail } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionCard } from '../../ui/section-card.tsx';
import { DocumentUploader } from './document-uploader.tsx';
import { useDocuments } from './documents-api.ts';
import { RequestProposals } from './request-proposal.tsx';
import { VaultDocumentList } from './vault-document-list.tsx';

/** On the ticket page: the ticket's documents and the uploader (the document goes to the ticket's owner). */
export function TicketUploadsPanel({ ticket, isStaff }: { ticket: TicketDetail; isStaff: boolean }) {
  const { t } = useTranslation();
  const list = useDocuments({ ticket_id: ticket.id });
  const docs = list.data?.pages.flatMap((p) => p.items) ?? [];
  const vaultLink = isStaff ? `/vault?customer=${encodeURIComponent(ticket.customer.id)}` : '/vault';
  return (
    <SectionCard
      title={t('vault.panelTitle')}
      icon={IconFolder}
      actions={
        <Anchor component={Link} to={vaultLink} size="sm">
          {t('vault.openVault')}
        </Anchor>
      }
      data-testid="ticket-uploads-panel"
    >
      {list.isSuccess && docs.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('vault.panelEmpty')}
        </Text>
      )}
      {docs.length > 0 && <VaultDocumentList docs={docs} />}
      {ticket.status_category === 'cancelled' ? (
        // The server refuses an upload to a cancelled ticket; the vault still takes documents.
        <Text size="sm" c="dimmed" data-testid="uploads-cancelled">
          {t(isStaff ? 'vault.ticketCancelledStaff' : 'vault.ticketCancelled')}
        </Text>
      ) : (
        <DocumentUploader ticketId={ticket.id} />
      )}
      <RequestProposals docs={docs} />
    </SectionCard>
  );
}
