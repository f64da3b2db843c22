import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { CustomerDashboard as CustomerDashboardData, CustomerDashboardTicket, Session } from '@taxportal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatRelative } from '../../ui/format.ts';
import { LinkifiedText } from '../../ui/linkified-text.tsx';
import { ProgressTracker } from '../../ui/progress-tracker.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import classes from './dashboard-page.module.css';
import { StatCard } from './stat-card.tsx';
import { WelcomeCard } from './welcome-card.tsx';

const ticketPath = (name: string) => `/form/message/${encodeURIComponent(name)}`;

function TicketCard({ ticket }: { ticket: CustomerDashboardTicket }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      component={Link}
      to={ticketPath(ticket.name)}
      className={classes.quick}
      data-testid="dashboard-ticket"
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text fw={700}>{ticket.name}</Text>
        <StatusBadge status={ticket.status} label={ticket.status_label} badge={ticket.badge} size="sm" />
      </Group>
      {/* Under the name, the full width: the badge no longer squeezes the service (and its year) to "Form 1065 –…". */}
      <Text size="sm" c="dimmed" lineClamp={2} mt={2}>
        {ticket.service_name} · {ticket.year}
      </Text>
      <div style={{ marginTop: 12 }}>
        <ProgressTracker progress={ticket.progress} status={ticket.status} compact />
      </div>
      {ticket.unread_count > 0 && (
        <Text size="xs" c="red.8" fw={600} mt={8}>
          {t('common.unread', { count: ticket.unread_count })}
        </Text>
      )}
    </UnstyledButton>
  );
}

/** The customer's dashboard: their tickets with progress, what waits on them, recent messages. */
export function CustomerDashboard({
  session,
  data,
  panels,
}: {
  session: Session;
  data: CustomerDashboardData;
  panels?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
      <WelcomeCard
        session={session}
        intro={t('dashboard.customerIntro')}
        actions={
          <Button component={Link} to="/create-ticket" leftSection={<IconPlus size={18} />}>
            {t('dashboard.customer.newRequest')}
          </Button>
        }
      />
      {panels}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <StatCard label={t('dashboard.counts.inProgress')} value={data.counts.in_progress} testId="count-in-progress" />
        <StatCard
          label={t('dashboard.counts.waitingOnYou')}
          value={data.counts.waiting_on_you}
          tone={data.counts.waiting_on_you > 0 ? 'orange.9' : undefined}
          testId="count-waiting"
        />
        <StatCard label={t('dashboard.counts.done')} value={data.counts.done} />
        <StatCard label={t('dashboard.counts.cancelled')} value={data.counts.cancelled} />
      </SimpleGrid>

      {data.waiting_on_you.length > 0 && (
        <Stack gap="sm" data-testid="waiting-section">
          <Title order={2} size="h3">
            {t('dashboard.waitingTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {data.waiting_on_you.map((tk) => (
              <TicketCard key={tk.id} ticket={tk} />
            ))}
          </SimpleGrid>
        </Stack>
      )}

      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {t('dashboard.yourTickets')}
          </Title>
          <Anchor component={Link} to="/my-tickets" size="sm">
            {t('dashboard.seeAll')}
          </Anchor>
        </Group>
        {data.tickets.length === 0 ? (
          <Paper withBorder p="xl">
            <Stack align="center" gap="sm">
              <Text c="dimmed">{t('dashboard.noTickets')}</Text>
              <Button component={Link} to="/create-ticket" variant="light">
                {t('dashboard.customer.newRequest')}
              </Button>
            </Stack>
          </Paper>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {data.tickets.map((tk) => (
              <TicketCard key={tk.id} ticket={tk} />
            ))}
          </SimpleGrid>
        )}
      </Stack>

      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('dashboard.recentMessages')}
        </Title>
        {data.recent_messages.length === 0 ? (
          <Paper withBorder p="lg">
            <Text c="dimmed" ta="center" size="sm">
              {t('dashboard.noMessages')}
            </Text>
          </Paper>
        ) : (
          <Stack gap="xs">
            {data.recent_messages.map((m) => (
              <Paper key={m.id} withBorder p="sm" data-testid="recent-message">
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" fw={600} truncate>
                    <Anchor component={Link} to={ticketPath(m.ticket_name)} inherit underline="always">
                      {m.ticket_name}
                    </Anchor>{' '}
                    · {m.author?.full_name ?? t('common.systemAuthor')}
                  </Text>
                  <Text size="xs" c="dimmed" title={formatDateTime(m.created_at)} style={{ flex: 'none' }}>
                    {formatRelative(m.created_at)}
                  </Text>
                </Group>
                <LinkifiedText text={m.body} size="sm" mt={4} lineClamp={3} />
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
