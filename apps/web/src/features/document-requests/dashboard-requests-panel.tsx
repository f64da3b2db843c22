import { Anchor, Badge, Box, Group, Stack } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import type { DocumentRequest } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionCard } from '../../ui/section-card.tsx';
import { ToneBadge } from '../../ui/tone-badge.tsx';
import { RequestProposal } from '../documents/index.ts';
import { outstandingRequestsQuery, useOutstandingRequests } from './requests-api.ts';

/** What the dashboard waits for before it shows this card. */
export const panelQuery = (isStaff: boolean) => outstandingRequestsQuery(!isStaff);

/**
 * The customer's dashboard card: documents still wanted, by ticket, and the uploads of theirs the vault proposes for
 * them (to confirm). Staff, or nothing outstanding: nothing.
 */
export function DashboardRequestsPanel({ isStaff }: { isStaff: boolean }) {
  const { t } = useTranslation();
  const outstanding = useOutstandingRequests(!isStaff);
  const items = outstanding.data?.items ?? [];
  if (isStaff || items.length === 0) return null;
  const byTicket = new Map<string, DocumentRequest[]>();
  // Tickets with the newest requests first; within a ticket, in the order they were asked for.
  for (const r of items) byTicket.set(r.ticket_name, [r, ...(byTicket.get(r.ticket_name) ?? [])]);

  return (
    <SectionCard
      title={t('documentRequests.dashboardTitle')}
      icon={IconClipboardList}
      badge={
        <ToneBadge tone="warning" size="md">
          {items.length}
        </ToneBadge>
      }
      description={t('documentRequests.dashboardHint')}
      data-testid="dashboard-requests"
    >
      <Stack gap="sm">
        {[...byTicket].map(([ticketName, list]) => (
          <div key={ticketName} data-testid="dashboard-request-ticket" data-ticket={ticketName}>
            <Anchor component={Link} to={`/form/message/${encodeURIComponent(ticketName)}`} fw={600} size="sm">
              {t('documentRequests.openTicket', { ticket: ticketName })}
            </Anchor>
            <Group gap={6} mt={4}>
              {list.map((r) => (
                <Badge key={r.id} variant="default" tt="none" data-testid="dashboard-request">
                  {r.label}
                </Badge>
              ))}
            </Group>
            {/* An upload of theirs that looks like one of these: confirmed here, no need to upload it again. */}
            {list.map(
              (r) =>
                r.proposed_document && (
                  <Box key={r.id} mt="xs">
                    <RequestProposal
                      requestId={r.id}
                      documentId={r.proposed_document.id}
                      fileName={r.proposed_document.file_name}
                      label={r.label}
                      ticketName={r.ticket_name}
                    />
                  </Box>
                ),
            )}
          </div>
        ))}
      </Stack>
    </SectionCard>
  );
}
