import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TicketDetail } from '@taxportal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../ui/format.ts';
import { StatusBadge } from '../../ui/status-badge.tsx';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

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
                  {t('tickets.unread', { count: ticket.unread_count })}
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
        <SimpleGrid cols={{ base: 2, sm: isStaff ? 4 : 3 }} spacing="md" verticalSpacing="sm">
          <Field label={t('ticket.serviceType')}>{ticket.service_type.name}</Field>
          <Field label={t('ticket.year')} testId="ticket-year">
            {ticket.year}
          </Field>
          <Field label={t('ticket.price')}>{formatMoney(ticket.service.price_cents, ticket.service.currency)}</Field>
          {isStaff && <Field label={t('ticket.customer')}>{ticket.customer.full_name}</Field>}
          {isStaff && <Field label={t('ticket.phone')}>{ticket.phone ?? '—'}</Field>}
          {isStaff && (
            <Field label={t('ticket.assignee')} testId="ticket-assignee">
              {ticket.assignee?.full_name ?? t('tickets.unassigned')}
            </Field>
          )}
          <Field label={t('ticket.opened')}>{formatDateTime(ticket.created_at)}</Field>
          <Field label={t('ticket.updated')}>{formatDateTime(ticket.updated_at)}</Field>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
