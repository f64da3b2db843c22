import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TicketDetail } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../ui/format.ts';
import { Fact } from '../../ui/fact.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { ReaderLanguage } from '../../ui/reader-language.tsx';
import { TicketJoint } from './ticket-joint.tsx';
import { TicketLetterAction } from './ticket-letter-action.tsx';

/** Name, service, year and status; staff also see the customer, phone and assignee. */
export function TicketHeader({ ticket, isStaff }: { ticket: TicketDetail; isStaff: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }} data-testid="ticket-header">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Title order={1} size="h2" data-testid="ticket-name">
                {ticket.name}
              </Title>
              {ticket.unread_count > 0 && (
                <Badge color="red" variant="light">
                  {t('common.unread', { count: ticket.unread_count })}
                </Badge>
              )}
            </Group>
            <Text c="dimmed" mt={2}>
              {ticket.service.name}
            </Text>
          </div>
          <StatusBadge
            status={ticket.status}
            label={ticket.status_label}
            badge={ticket.badge}
            size="lg"
            data-testid="ticket-status"
          />
        </Group>
        {/* By the status: the letter's hold and the way to send one (issue 33: at 390 px it sat far down). */}
        {isStaff && <TicketLetterAction ticket={ticket} />}
        <SimpleGrid cols={{ base: 2, sm: isStaff ? 4 : 3 }} spacing="md" verticalSpacing="sm">
          <Fact label={t('ticket.serviceType')}>{ticket.service_type.name}</Fact>
          <Fact label={t('common.year')} testId="ticket-year">
            {ticket.year}
          </Fact>
          <Fact label={t('ticket.price')}>{formatMoney(ticket.service.price_cents, ticket.service.currency)}</Fact>
          {isStaff && (
            <Fact label={t('ticket.customer')}>
              {ticket.customer.full_name}
              <ReaderLanguage language={ticket.customer.language} />
            </Fact>
          )}
          {isStaff && <Fact label={t('ticket.phone')}>{ticket.phone ?? '—'}</Fact>}
          {isStaff && (
            <Fact label={t('ticket.assignee')} testId="ticket-assignee">
              {ticket.assignee?.full_name ?? t('tickets.unassigned')}
            </Fact>
          )}
          <TicketJoint ticket={ticket} isStaff={isStaff} />
          <Fact label={t('ticket.opened')}>{formatDateTime(ticket.created_at)}</Fact>
          <Fact label={t('ticket.updated')}>{formatDateTime(ticket.updated_at)}</Fact>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
