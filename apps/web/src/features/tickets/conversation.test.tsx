import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { aTicketDetail } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { Conversation } from './conversation.tsx';

const message = (id: string) => ({
  id,
  ticket_id: 't1',
  body: `message ${id}`,
  internal: false,
  author: { id: 'staff1', full_name: 'Pat Preparer', is_staff: true },
  document_ids: [],
  created_at: new Date().toISOString(),
});

describe('Conversation: reading it', () => {
  it('marks the conversation read once, though the ticket still says unread until its refetch answers', async () => {
    const calls = mockApi({
      'GET /tickets/t1/messages': () => json(200, { items: [message('m2'), message('m1')], next_cursor: null }),
      'POST /tickets/t1/read': () => json(200, { unread_count: 0 }),
    });
    const ticket = aTicketDetail({ id: 't1', name: 'TD.0001', unread_count: 2 });
    const { rerender } = renderWithProviders(<Conversation ticket={ticket} isStaff={false} viewerId="c1" />);
    const reads = () => calls.filter((c) => c.method === 'POST' && c.path === '/tickets/t1/read');
    await waitFor(() => expect(reads()).toHaveLength(1));
    // The mark answered; the ticket (its refetch not back yet) still counts two unread, drawn again.
    rerender(<Conversation ticket={{ ...ticket }} isStaff={false} viewerId="c1" />);
    await new Promise((r) => setTimeout(r, 50));
    rerender(<Conversation ticket={{ ...ticket, version: ticket.version + 1 }} isStaff={false} viewerId="c1" />);
    await new Promise((r) => setTimeout(r, 50));
    expect(reads()).toHaveLength(1);
  });
});
