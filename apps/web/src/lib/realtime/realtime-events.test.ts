import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { TicketMessage, TicketMessageList } from '@taxportal/contract';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../query-keys.ts';
import { addRealtimeListener, appendMessage, applyRealtimeEvent } from './realtime-events.ts';
import { parseRealtimeEvent } from './realtime-parse.ts';

const msg = (id: string): TicketMessage => ({
  id,
  ticket_id: 't1',
  body: `m${id}`,
  internal: false,
  author: null,
  document_ids: [],
  created_at: '2026-01-01T00:00:00.000Z',
});

describe('realtime events', () => {
  it('appends a live message to the newest page once', () => {
    const client = new QueryClient();
    const key = queryKeys.ticketMessages('t1');
    client.setQueryData<InfiniteData<TicketMessageList, string | null>>(key, {
      pages: [
        { items: [msg('3'), msg('4')], next_cursor: '3' },
        { items: [msg('1'), msg('2')], next_cursor: null },
      ],
      pageParams: [null, '3'],
    });
    appendMessage(client, msg('5'));
    appendMessage(client, msg('5'));
    const data = client.getQueryData<InfiniteData<TicketMessageList>>(key)!;
    expect(data.pages[0]!.items.map((m) => m.id)).toEqual(['3', '4', '5']);
    expect(data.pages[1]!.items.map((m) => m.id)).toEqual(['1', '2']);
  });

  it('sets the bell count from an invoice notification, refreshes its ticket and the dashboard, and tells listeners', () => {
    const client = new QueryClient();
    client.setQueryData(['tickets', 'detail', 't1'], {});
    client.setQueryData(['tickets', 'messages', 't1'], {});
    client.setQueryData(queryKeys.dashboard, {});
    const listener = vi.fn();
    const stop = addRealtimeListener(listener);
    const event = parseRealtimeEvent(
      JSON.stringify({
        type: 'notification.created',
        unread_count: 4,
        notification: {
          id: '9',
          kind: 'invoice',
          ticket_id: 't1',
          ticket_name: 'TD.0001',
          title: 'Invoice SINV-2026-00001 is ready',
          body: '',
          read: false,
          created_at: '2026-01-01T00:00:00.000Z',
        },
      }),
    );
    expect(event).not.toBeNull();
    applyRealtimeEvent(client, event as Exclude<typeof event, null | 'truncated'>);
    expect(client.getQueryData(queryKeys.notificationUnread)).toBe(4);
    // An issued invoice arrives as a notification and changes how the ticket reads ("Invoice ready to pay").
    expect(client.getQueryState(['tickets', 'detail', 't1'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.dashboard)?.isInvalidated).toBe(true);
    expect(client.getQueryState(['tickets', 'messages', 't1'])?.isInvalidated).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('a notification that comes with its own ticket event (a message) refreshes only the bell', () => {
    const client = new QueryClient();
    for (const key of [['tickets', 'detail', 't1'], queryKeys.dashboard, ['billing', 'list'], ['document-requests']])
      client.setQueryData(key, {});
    const notification = (kind: string) =>
      parseRealtimeEvent(
        JSON.stringify({
          type: 'notification.created',
          unread_count: 1,
          notification: {
            id: '10',
            kind,
            ticket_id: 't1',
            ticket_name: 'TD.0001',
            title: 'New message on TD.0001',
            body: '',
            read: false,
            created_at: '2026-01-01T00:00:00.000Z',
          },
        }),
      ) as Exclude<ReturnType<typeof parseRealtimeEvent>, null | 'truncated'>;
    applyRealtimeEvent(client, notification('message'));
    for (const key of [['tickets', 'detail', 't1'], queryKeys.dashboard, ['billing', 'list'], ['document-requests']])
      expect(client.getQueryState(key)?.isInvalidated).toBe(false);
    // A request for documents has no ticket event of its own: its panels refresh, nothing else.
    applyRealtimeEvent(client, notification('document_request'));
    expect(client.getQueryState(['document-requests'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['billing', 'list'])?.isInvalidated).toBe(false);
  });

  it('refuses what the contract does not describe and flags truncated events', () => {
    expect(parseRealtimeEvent('{"type":"nope"}')).toBeNull();
    expect(parseRealtimeEvent('not json')).toBeNull();
    expect(parseRealtimeEvent('{"type":"message.created","truncated":true,"ticket_id":"t1"}')).toBe('truncated');
  });

  it("refreshes a ticket's drafts, its 8879 and the vault on a paperwork event, and leaves others alone", () => {
    const client = new QueryClient();
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    for (const key of [
      ['tickets', 'drafts', 't1'],
      ['tickets', 'signing', 't1'],
      ['documents', 'list'],
      ['billing', 'list', {}],
      queryKeys.ticketMessages('t1'),
    ])
      client.setQueryData(key, { items: [] });
    for (const type of ['draft.uploaded', 'draft.updated', 'signing.updated']) {
      const event = parseRealtimeEvent(JSON.stringify({ type, ticket_id: 't1', ticket_name: 'TD.0001' }));
      expect(event).toMatchObject({ type });
    }
    const event = parseRealtimeEvent(
      JSON.stringify({ type: 'signing.updated', ticket_id: 't1', ticket_name: 'TD.0001' }),
    );
    applyRealtimeEvent(client, event as Exclude<typeof event, null | 'truncated'>);
    expect(stale(['tickets', 'drafts', 't1'])).toBe(true);
    expect(stale(['tickets', 'signing', 't1'])).toBe(true);
    expect(stale(['documents', 'list'])).toBe(true);
    expect(stale(['billing', 'list', {}])).toBe(false);
    expect(stale(queryKeys.ticketMessages('t1'))).toBe(false);
  });

  it('refreshes invoices and document requests when a status changes or a notification arrives', () => {
    const client = new QueryClient();
    client.setQueryData(['billing', 'ticket', 't1'], null);
    client.setQueryData(['document-requests', 'outstanding'], { items: [] });
    const event = parseRealtimeEvent(
      JSON.stringify({
        type: 'ticket.status_changed',
        ticket_id: 't1',
        ticket_name: 'TD.0001',
        from_status: 'Ready For Invoice',
        status: 'Payment Collected',
        version: 3,
        changed_by: { id: 'u1', full_name: 'Staff' },
      }),
    );
    applyRealtimeEvent(client, event as Exclude<typeof event, null | 'truncated'>);
    expect(client.getQueryState(['billing', 'ticket', 't1'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['document-requests', 'outstanding'])?.isInvalidated).toBe(true);
  });
});
