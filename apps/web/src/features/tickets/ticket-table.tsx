import { Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { TicketSummary } from '@taxportal/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePrefetchInView } from '../../lib/prefetch-in-view.ts';
import { formatDateTime, formatRelative } from '../../ui/format.ts';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import classes from './ticket-table.module.css';
import { ReaderLanguage } from '../../ui/reader-language.tsx';

/** SPEC §2: ticket rows link to /form/message/{ticket name}. */
export const ticketPath = (name: string) => `/form/message/${encodeURIComponent(name)}`;

export interface TicketTableProps {
  tickets: TicketSummary[];
  /** SPEC §6: customers and staff see different columns. */
  isStaff: boolean;
  showAssignee?: boolean;
}

function Unread({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <Badge size="xs" color="red" variant="filled" circle={count < 10} data-testid="unread-count">
      <span aria-label={t('common.unread', { count })}>{count}</span>
    </Badge>
  );
}

function Updated({ iso }: { iso: string }) {
  return (
    <Text size="sm" c="dimmed" title={formatDateTime(iso)} component="span">
      {formatRelative(iso)}
    </Text>
  );
}

/** A table on wider screens, one card per ticket on phones. */
export function TicketTable({ tickets, isStaff, showAssignee }: TicketTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isPhone = useIsPhone();
  // Every ticket opens the same page's code: fetched while the list is read, not at the tap (issue 30).
  const list = useRef<HTMLDivElement>(null);
  usePrefetchInView(list, tickets[0] ? ticketPath(tickets[0].name) : undefined);

  if (isPhone) {
    return (
      <Stack gap="sm" data-testid="ticket-cards" ref={list}>
        {tickets.map((tk) => (
          <Link
            key={tk.id}
            to={ticketPath(tk.name)}
            className={classes.card}
            data-testid="ticket-row"
            data-name={tk.name}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Group gap={6} wrap="nowrap">
                <Text fw={700}>{tk.name}</Text>
                <Unread count={tk.unread_count} />
              </Group>
              <StatusBadge status={tk.status} label={tk.status_label} badge={tk.badge} size="sm" />
            </Group>
            <Text size="sm" mt={6} lineClamp={2}>
              {tk.service.name}
            </Text>
            <Text size="xs" c="dimmed" mt={2}>
              {isStaff ? `${tk.customer.full_name} · ${tk.phone ?? ''}` : `${tk.service_type.name} · ${tk.year}`}
              {isStaff && <ReaderLanguage language={tk.customer.language} />}
            </Text>
            <Group justify="space-between" mt={6} gap="xs">
              {showAssignee ? (
                <Text size="xs" c="dimmed">
                  {tk.assignee?.full_name ?? t('tickets.unassigned')}
                </Text>
              ) : (
                <span />
              )}
              <Updated iso={tk.updated_at} />
            </Group>
          </Link>
        ))}
      </Stack>
    );
  }

  const headers = isStaff
    ? [t('common.name'), t('tickets.col.customer'), t('common.service'), t('tickets.col.phone')]
    : [t('tickets.col.ticketId'), t('common.service'), t('common.serviceType')];
  return (
    <Paper withBorder shadow="xs" p={0} style={{ overflow: 'hidden' }} ref={list}>
      <Table.ScrollContainer minWidth={720} mb={0}>
        {/* Seven staff columns share a laptop's width: tighter gutters, and the status badge never truncates. */}
        <Table verticalSpacing="sm" horizontalSpacing={isStaff ? 'sm' : 'md'} data-testid="ticket-table">
          <Table.Thead>
            <Table.Tr>
              {headers.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
              {showAssignee && <Table.Th>{t('tickets.col.assignee')}</Table.Th>}
              <Table.Th>{t('common.status')}</Table.Th>
              <Table.Th>{t('common.updated')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tickets.map((tk) => (
              <Table.Tr
                key={tk.id}
                className={classes.row}
                onClick={() => navigate(ticketPath(tk.name))}
                data-testid="ticket-row"
                data-name={tk.name}
              >
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Anchor
                      component={Link}
                      to={ticketPath(tk.name)}
                      className={classes.name}
                      size="sm"
                      onClick={(e) => e.stopPropagation()}
                    >
                      {tk.name}
                    </Anchor>
                    <Unread count={tk.unread_count} />
                  </Group>
                </Table.Td>
                {isStaff ? (
                  <>
                    <Table.Td>
                      {tk.customer.full_name}
                      <ReaderLanguage language={tk.customer.language} />
                    </Table.Td>
                    <Table.Td>{tk.service.name}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{tk.phone}</Table.Td>
                  </>
                ) : (
                  <>
                    <Table.Td>{tk.service.name}</Table.Td>
                    <Table.Td>{tk.service_type.name}</Table.Td>
                  </>
                )}
                {showAssignee && (
                  <Table.Td>
                    {tk.assignee?.full_name ?? (
                      <Text size="sm" c="dimmed" component="span">
                        {t('tickets.unassigned')}
                      </Text>
                    )}
                  </Table.Td>
                )}
                <Table.Td>
                  <StatusBadge status={tk.status} label={tk.status_label} badge={tk.badge} size="sm" />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Updated iso={tk.updated_at} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
