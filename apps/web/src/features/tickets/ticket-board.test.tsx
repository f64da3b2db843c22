import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TICKET_STATUSES, ticketSummarySchema, type TicketStatus } from '@taxportal/contract';
import { describe, expect, it } from 'vitest';
import { applyRealtimeEvent } from '../../lib/realtime/realtime-events.ts';
import { json, mockApi, type Call } from '../../test/fetch-mock.ts';
import { aSession, aTicketDetail } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { TicketBoard } from './ticket-board.tsx';

/** The server's side of one ticket on the board: its status and version as the calls change them. */
function boardServer() {
  const state = { status: 'Open' as TicketStatus, version: 1 };
  const detail = () =>
    aTicketDetail({
      id: 't1',
      name: 'TD.0042',
      status: state.status,
      version: state.version,
      allowed_statuses: state.status === 'Open' ? ['Tax Preparation'] : ['Cancelled'],
    });
  let answerMove: (() => void) | null = null;
  let holdMoves = false;
  const calls = mockApi({
    'GET /auth/session': () => json(200, aSession()),
    'GET /tickets': (c) => {
      const items = c.query.get('status') === state.status ? [ticketSummarySchema.parse(detail())] : [];
      return json(200, { items, next_cursor: null });
    },
    'GET /tickets/t1': () => json(200, detail()),
    'POST /tickets/t1/status': (c) => {
      state.status = (c.body as { status: TicketStatus }).status;
      state.version += 1;
      const answer = json(200, detail());
      if (!holdMoves) return answer;
      return new Promise<Response>((resolve) => (answerMove = () => resolve(answer))) as unknown as Response;
    },
  });
  return {
    state,
    calls,
    /** The next move's answer waits for `release()` (its live event comes first). */
    holdNextMove: () => (holdMoves = true),
    release: () => answerMove?.(),
  };
}

const listReads = (calls: Call[], from: number) =>
  calls
    .slice(from)
    .filter((c) => c.method === 'GET' && c.path === '/tickets')
    .map((c) => c.query.get('status'));

const statusChanged = (from: TicketStatus, to: TicketStatus, version: number) =>
  ({
    type: 'ticket.status_changed',
    ticket_id: 't1',
    ticket_name: 'TD.0042',
    from_status: from,
    status: to,
    version,
    changed_by: { id: 'p1', full_name: 'Parker Preparer' },
  }) as const;

async function moveFromMenu(to: string) {
  const user = userEvent.setup();
  const card = await screen.findByTestId('board-card');
  await user.click(within(card).getByTestId('board-move-menu'));
  // jsdom lays nothing out: the dropdown's floating position reads as detached from its button, hence hidden.
  await user.click(await screen.findByRole('menuitem', { name: to, hidden: true }));
}

const column = (status: TicketStatus) =>
  screen.getAllByTestId('board-column').find((c) => c.dataset.status === status)!;

async function renderBoard(server: ReturnType<typeof boardServer>) {
  const view = renderWithProviders(<TicketBoard filters={{}} />);
  await waitFor(() => expect(listReads(server.calls, 0)).toHaveLength(TICKET_STATUSES.length));
  await screen.findByTestId('board-card');
  return view;
}

describe('moving a ticket on the board (issue 29 item 13.6: each move refetched the twelve columns twice)', () => {
  it('refetches only the two columns involved, once, and its own live event refetches nothing', async () => {
    const server = boardServer();
    const { queryClient } = await renderBoard(server);
    const before = server.calls.length;

    await moveFromMenu('Tax Preparation');
    await waitFor(() =>
      expect(within(column('Tax Preparation')).getByTestId('board-card')).not.toHaveAttribute('data-pending'),
    );
    expect(within(column('Open')).queryByTestId('board-card')).toBeNull();
    expect(listReads(server.calls, before).sort()).toEqual(['Open', 'Tax Preparation']);

    // The move's live event comes back to this tab: already shown, nothing to fetch.
    const echo = server.calls.length;
    act(() => applyRealtimeEvent(queryClient, statusChanged('Open', 'Tax Preparation', 2)));
    await new Promise((r) => setTimeout(r, 50));
    expect(listReads(server.calls, echo)).toEqual([]);

    // Someone else's move of it: again the two columns it left and joined, not twelve.
    server.state.status = 'Cancelled';
    server.state.version = 3;
    const other = server.calls.length;
    act(() => applyRealtimeEvent(queryClient, statusChanged('Tax Preparation', 'Cancelled', 3)));
    await waitFor(() => expect(within(column('Cancelled')).getByTestId('board-card')).toBeInTheDocument());
    expect(listReads(server.calls, other).sort()).toEqual(['Cancelled', 'Tax Preparation']);
  });

  it('fetches the two columns once when the live event arrives before the answer', async () => {
    const server = boardServer();
    const { queryClient } = await renderBoard(server);
    const before = server.calls.length;

    server.holdNextMove();
    await moveFromMenu('Tax Preparation');
    await waitFor(() => expect(server.calls.some((c) => c.method === 'POST')).toBe(true));
    act(() => applyRealtimeEvent(queryClient, statusChanged('Open', 'Tax Preparation', 2)));
    await act(async () => server.release());

    await waitFor(() =>
      expect(within(column('Tax Preparation')).getByTestId('board-card')).not.toHaveAttribute('data-pending'),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(listReads(server.calls, before).sort()).toEqual(['Open', 'Tax Preparation']);
  });
});
