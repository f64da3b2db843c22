import { Button, Stack, Text } from '@mantine/core';
import { TICKET_STATUSES, type TicketStatus, type TicketSummary } from '@taxportal/contract';
import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api/index.ts';
import { useSession } from '../../lib/session/index.ts';
import { StatusBadge, statusView } from '../../ui/status-badge.tsx';
import { showErrorToast, showSuccessToast } from '../../ui/toast.tsx';
import { BoardCard } from './board-card.tsx';
import classes from './ticket-board.module.css';
import { useFetchTicket, useMoveTicket, useTicketList, type TicketFilters } from './tickets-api.ts';

const EDGE_PX = 64;
const SCROLL_STEP_PX = 24;

type Pending = Record<string, { ticket: TicketSummary; to: TicketStatus }>;

interface ColumnProps {
  status: TicketStatus;
  filters: TicketFilters;
  pending: Pending;
  dragging: TicketSummary | null;
  allowed: TicketStatus[] | null;
  cardProps: Omit<ComponentProps<typeof BoardCard>, 'ticket' | 'pending' | 'dragging'>;
  onDropTicket: (to: TicketStatus) => void;
}

function BoardColumn({ status, filters, pending, dragging, allowed, cardProps, onDropTicket }: ColumnProps) {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const [over, setOver] = useState(false);
  const list = useTicketList({ ...filters, status, limit: 25 });
  const view = statusView(status, 'staff', session?.statuses);

  const loaded = list.data?.pages.flatMap((p) => p.items) ?? [];
  // Optimistic: a ticket being moved shows in its new column until the server answers.
  const here = loaded.filter((tk) => !pending[tk.id]);
  const incoming = Object.values(pending)
    .filter((p) => p.to === status && !here.some((tk) => tk.id === p.ticket.id))
    .map((p) => p.ticket);
  const tickets = [...incoming, ...here];
  const isAllowed = !!dragging && dragging.status !== status && (allowed?.includes(status) ?? false);

  return (
    <section
      className={classes.column}
      aria-label={view.label}
      data-testid="board-column"
      data-status={status}
      data-allowed={isAllowed || undefined}
      data-over={over || undefined}
      onDragOver={(e) => {
        if (!dragging) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        if (!over) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        onDropTicket(status);
      }}
    >
      <div className={classes.columnHead}>
        <StatusBadge status={status} label={view.label} badge={view.badge} size="sm" />
        <Text size="xs" c="dimmed" fw={600}>
          {list.isPending ? '…' : `${tickets.length}${list.hasNextPage ? '+' : ''}`}
        </Text>
      </div>
      {tickets.map((tk) => (
        <BoardCard
          key={tk.id}
          ticket={tk}
          pending={!!pending[tk.id]}
          dragging={dragging?.id === tk.id}
          {...cardProps}
        />
      ))}
      {!list.isPending && tickets.length === 0 && (
        <Text size="xs" c="dimmed" ta="center" py="md">
          {t('board.emptyColumn')}
        </Text>
      )}
      {list.hasNextPage && (
        <Button variant="subtle" size="xs" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          {t('common.loadMore')}
        </Button>
      )}
    </section>
  );
}

/**
 * The board (staff): a column per status. Dropping a card on a column, or choosing a status
 * from the card's menu, asks the server for the move (same rules as everywhere); a refused
 * move snaps back and shows the server's reason.
 */
export function TicketBoard({ filters }: { filters: TicketFilters }) {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const moveTicket = useMoveTicket();
  const fetchTicket = useFetchTicket();
  const [pending, setPending] = useState<Pending>({});
  const [dragging, setDragging] = useState<TicketSummary | null>(null);
  const [allowed, setAllowed] = useState<TicketStatus[] | null>(null);
  const labelOf = (s: TicketStatus) => statusView(s, 'staff', session?.statuses).label;

  const loadAllowed = async (ticket: TicketSummary) => (await fetchTicket(ticket.id)).allowed_statuses;

  const move = async (ticket: TicketSummary, to: TicketStatus) => {
    if (ticket.status === to || pending[ticket.id]) return;
    setPending((p) => ({ ...p, [ticket.id]: { ticket, to } }));
    try {
      // The mutation refetches the two columns involved, once, and answers when they have the move.
      await moveTicket.mutateAsync({
        id: ticket.id,
        from: ticket.status,
        status: to,
        expected_version: ticket.version,
      });
      showSuccessToast(t('board.moved', { name: ticket.name, status: labelOf(to) }));
    } catch (err) {
      showErrorToast(errorMessage(err));
    } finally {
      setPending(({ [ticket.id]: _done, ...rest }) => rest);
    }
  };

  const cardProps = {
    labelOf,
    loadAllowed,
    onMove: (ticket: TicketSummary, to: TicketStatus) => void move(ticket, to),
    onDragStart: (ticket: TicketSummary) => {
      setDragging(ticket);
      setAllowed(null);
      loadAllowed(ticket).then(setAllowed, () => setAllowed([]));
    },
    onDragEnd: () => setDragging(null),
  };

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('board.hint')}
      </Text>
      <div
        className={classes.board}
        data-testid="ticket-board"
        onDragOver={(e) => {
          // Near an edge while dragging, the board scrolls to the columns beyond it.
          const box = e.currentTarget.getBoundingClientRect();
          if (e.clientX > box.right - EDGE_PX) e.currentTarget.scrollLeft += SCROLL_STEP_PX;
          else if (e.clientX < box.left + EDGE_PX) e.currentTarget.scrollLeft -= SCROLL_STEP_PX;
        }}
      >
        {TICKET_STATUSES.map((status) => (
          <BoardColumn
            key={status}
            status={status}
            filters={filters}
            pending={pending}
            dragging={dragging}
            allowed={allowed}
            cardProps={cardProps}
            onDropTicket={(to) => {
              const ticket = dragging;
              setDragging(null);
              if (ticket) void move(ticket, to);
            }}
          />
        ))}
      </div>
    </Stack>
  );
}
