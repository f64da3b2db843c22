import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { Anchor, Box, Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import {
  IconChartBar,
  IconClockHour4,
  IconInbox,
  IconSettings,
  IconWorldWww,
  IconTrendingUp,
  IconUserCheck,
  type Icon,
} from '@tabler/icons-react';
import { hasAnyRole, type Session, type StaffDashboard as StaffDashboardData } from '@taxportal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDuration, formatLocale, formatRelative } from '../../ui/format.ts';
import { SectionCard } from '../../ui/section-card.tsx';
import { BADGE_COLOURS, StatusBadge } from '../../ui/status-badge.tsx';
import { ToneBadge } from '../../ui/tone-badge.tsx';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { StatCard } from './stat-card.tsx';
import { WelcomeCard } from './welcome-card.tsx';

type Item = StaffDashboardData['open_unassigned']['items'][number];

function TicketMiniList({
  title,
  icon,
  count,
  items,
  empty,
  testId,
}: {
  title: string;
  icon: Icon;
  count: number;
  items: Item[];
  empty: string;
  testId: string;
}) {
  return (
    <SectionCard
      title={title}
      icon={icon}
      badge={
        <ToneBadge tone="neutral" size="md">
          {count}
        </ToneBadge>
      }
      data-testid={testId}
    >
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap={8}>
          {items.map((tk) => (
            <Group key={tk.id} justify="space-between" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`/form/message/${encodeURIComponent(tk.name)}`} fw={600} size="sm">
                  {tk.name}
                </Anchor>
                <Text size="xs" c="dimmed" truncate>
                  {tk.customer_name} · {tk.service_name} · {formatRelative(tk.updated_at)}
                </Text>
              </div>
              <StatusBadge status={tk.status} label={tk.status_label} badge={tk.badge} size="sm" />
            </Group>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

/** Staff: the pipeline by status, the queues, the weekly intake and how long tickets sit in each status. */
export function StaffDashboard({
  session,
  data,
  panels,
}: {
  session: Session;
  data: StaffDashboardData;
  panels?: ReactNode;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const isAdmin = hasAnyRole(session.roles, ['Admin']);
  const active = data.counts_by_status
    .filter((c) => c.category === 'open' || c.category === 'waiting_on_customer')
    .reduce((n, c) => n + c.count, 0);
  const byStatus = data.counts_by_status.map((c) => ({
    status: c.label,
    count: c.count,
    color: `${BADGE_COLOURS[c.badge]}.6`,
  }));
  const weekFormat = new Intl.DateTimeFormat(formatLocale(), { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const perWeek = data.opened_per_week.map((w) => ({
    week: weekFormat.format(new Date(w.week_start)),
    count: w.count,
  }));

  return (
    <Stack gap="xl">
      <WelcomeCard
        session={session}
        intro={t('dashboard.staffIntro')}
        actions={
          isAdmin && (
            <Group gap="sm">
              <Button
                component={Link}
                to="/admin/catalog"
                variant="light"
                leftSection={<IconSettings size={18} />}
                data-testid="catalog-link"
              >
                {t('dashboard.catalogLink')}
              </Button>
              <Button
                component={Link}
                to="/admin/site"
                variant="light"
                leftSection={<IconWorldWww size={18} />}
                data-testid="site-editor-link"
              >
                {t('dashboard.siteEditor')}
              </Button>
            </Group>
          )
        }
      />
      {panels}
      <SimpleGrid cols={3} spacing={{ base: 'xs', sm: 'md' }}>
        <StatCard label={t('dashboard.counts.active')} value={active} />
        <StatCard
          label={t('dashboard.counts.openUnassigned')}
          value={data.open_unassigned.count}
          tone={data.open_unassigned.count > 0 ? 'orange.9' : undefined}
          testId="count-unassigned"
        />
        <StatCard label={t('dashboard.counts.assignedToMe')} value={data.assigned_to_me.count} testId="count-mine" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TicketMiniList
          title={t('dashboard.openUnassigned')}
          icon={IconInbox}
          count={data.open_unassigned.count}
          items={data.open_unassigned.items}
          empty={t('dashboard.noneUnassigned')}
          testId="open-unassigned"
        />
        <TicketMiniList
          title={t('dashboard.assignedToMe')}
          icon={IconUserCheck}
          count={data.assigned_to_me.count}
          items={data.assigned_to_me.items}
          empty={t('dashboard.noneAssigned')}
          testId="assigned-to-me"
        />
      </SimpleGrid>
      {data.unsigned_letters && <UnsignedLetters letters={data.unsigned_letters} />}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <SectionCard title={t('dashboard.byStatus')} icon={IconChartBar} data-testid="chart-by-status">
          <BarChart
            h={400}
            data={byStatus}
            dataKey="status"
            orientation="vertical"
            series={[{ name: 'count', label: t('dashboard.tickets'), color: 'brand.6' }]}
            yAxisProps={{ width: isPhone ? 110 : 170, tick: { fontSize: 11 } }}
            xAxisProps={{ allowDecimals: false }}
            gridAxis="x"
            withTooltip
            tooltipAnimationDuration={150}
          />
        </SectionCard>
        <SectionCard title={t('dashboard.perWeek')} icon={IconTrendingUp} data-testid="chart-per-week">
          <BarChart
            h={400}
            data={perWeek}
            dataKey="week"
            series={[{ name: 'count', label: t('dashboard.opened'), color: 'brand.6' }]}
            // Let the axis drop labels that would overlap (twelve weeks do not fit a half-width card).
            xAxisProps={{ tick: { fontSize: 11 }, interval: 'preserveStartEnd', minTickGap: isPhone ? 12 : 8 }}
            yAxisProps={{ allowDecimals: false }}
          />
        </SectionCard>
      </SimpleGrid>
      <SectionCard title={t('dashboard.medianTitle')} icon={IconClockHour4} data-testid="median-times">
        {/* Scrolls sideways on a phone: reachable by keyboard, named (axe: scrollable-region-focusable). */}
        <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('dashboard.medianTitle')}>
          <Table verticalSpacing={6} miw={360}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('common.status')}</Table.Th>
                <Table.Th>{t('dashboard.median')}</Table.Th>
                <Table.Th>{t('dashboard.samples')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.median_time_in_status.map((m) => (
                <Table.Tr key={m.status}>
                  <Table.Td>{m.label}</Table.Td>
                  <Table.Td>{m.median_seconds === null ? '—' : formatDuration(m.median_seconds)}</Table.Td>
                  <Table.Td>{m.samples}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      </SectionCard>
    </Stack>
  );
}

/** Engagement letters sent and not signed yet, the oldest first (docs/decisions/0036). */
function UnsignedLetters({ letters }: { letters: NonNullable<StaffDashboardData['unsigned_letters']> }) {
  const { t } = useTranslation();
  return (
    <SectionCard
      title={t('dashboard.unsignedLetters', { count: letters.count })}
      icon={IconClockHour4}
      data-testid="unsigned-letters"
    >
      {letters.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('dashboard.noUnsignedLetters')}
        </Text>
      ) : (
        <Stack gap={6}>
          {letters.items.map((l) => (
            <Group key={l.id} justify="space-between" wrap="wrap" gap="xs">
              <Anchor component={Link} to={`/letters/${l.id}`} size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {l.customer_name}
                {l.ticket_name ? ` · ${l.ticket_name}` : ''} · {l.tax_year}
              </Anchor>
              <Text size="xs" c="dimmed">
                {t('dashboard.letterSent', { when: formatRelative(l.sent_at) })}
              </Text>
            </Group>
          ))}
          <Anchor component={Link} to="/letters" size="sm">
            {t('dashboard.allLetters')}
          </Anchor>
        </Stack>
      )}
    </SectionCard>
  );
}
