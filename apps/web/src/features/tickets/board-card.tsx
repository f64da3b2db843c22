import { ActionIcon, Anchor, Group, Loader, Menu, Text } from '@mantine/core';
import { IconArrowsMove } from '@tabler/icons-react';
import type { TicketStatus, TicketSummary } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './ticket-board.module.css';
import { ticketPath } from './ticket-table.tsx';
import { ReaderLanguage } from '../../ui/reader-language.tsx';

export interface BoardCardProps {
  ticket: TicketSummary;
  pending: boolean;
  dragging: boolean;
  labelOf: (s: TicketStatus) => string;
  onDragStart: (ticket: TicketSummary) => void;
  onDragEnd: () => void;
  /** The statuses this ticket may move to now (asked from the server when the menu opens). */
  loadAllowed: (ticket: TicketSummary) => Promise<TicketStatus[]>;
  onMove: (ticket: TicketSummary, to: TicketStatus) => void;
}

/** A ticket on the board: dragged to another column, or moved from its menu (keyboard and touch). */
export function BoardCard({
  ticket,
  pending,
  dragging,
  labelOf,
  onDragStart,
  onDragEnd,
  loadAllowed,
  onMove,
}: BoardCardProps) {
  const { t } = useTranslation();
  const [allowed, setAllowed] = useState<TicketStatus[] | null>(null);
  return (
    <div
      className={classes.card}
      draggable={!pending}
      data-dragging={dragging || undefined}
      data-pending={pending || undefined}
      data-testid="board-card"
      data-name={ticket.name}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', ticket.id);
        onDragStart(ticket);
      }}
      onDragEnd={onDragEnd}
    >
      <Group justify="space-between" wrap="nowrap" gap={4}>
        <Anchor component={Link} to={ticketPath(ticket.name)} fw={700} size="sm" draggable={false}>
          {ticket.name}
        </Anchor>
        {pending ? (
          <Loader size={16} />
        ) : (
          <Menu
            position="bottom-end"
            withinPortal
            onOpen={() => {
              setAllowed(null);
              void loadAllowed(ticket).then(setAllowed, () => setAllowed([]));
            }}
          >
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={t('board.moveTicket', { name: ticket.name })}
                data-testid="board-move-menu"
              >
                <IconArrowsMove size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{t('board.moveTo')}</Menu.Label>
              {allowed === null && (
                <Menu.Item disabled leftSection={<Loader size={12} />}>
                  {t('app.loading')}
                </Menu.Item>
              )}
              {allowed?.length === 0 && <Menu.Item disabled>{t('board.noMoves')}</Menu.Item>}
              {allowed?.map((s) => (
                <Menu.Item key={s} onClick={() => onMove(ticket, s)}>
                  {labelOf(s)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      <Text size="sm" lineClamp={2} mt={2}>
        {ticket.service.name}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {ticket.customer.full_name} · {ticket.year}
        <ReaderLanguage language={ticket.customer.language} />
      </Text>
      <Text size="xs" c="dimmed">
        {ticket.assignee?.full_name ?? t('tickets.unassigned')}
      </Text>
    </div>
  );
}
