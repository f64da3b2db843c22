import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import {
  type Notification,
  type RealtimeEventPayload,
  type TicketMessage,
  type TicketMessageList,
  type TicketStatus,
} from '@taxportal/contract';
import { queryKeys } from '../query-keys.ts';

type Listener = (event: RealtimeEventPayload) => void;
const listeners = new Set<Listener>();

/** Features listen here for what the cache alone cannot show (a toast, a scroll). */
export function addRealtimeListener(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Adds a message to the newest page of a loaded conversation, once. */
export function appendMessage(client: QueryClient, message: TicketMessage): void {
  client.setQueryData<InfiniteData<TicketMessageList, string | null>>(
    queryKeys.ticketMessages(message.ticket_id),
    (data) => {
      if (!data || data.pages.length === 0) return data;
      if (data.pages.some((p) => p.items.some((m) => m.id === message.id))) return data;
      const [newest, ...older] = data.pages;
      return { ...data, pages: [{ ...newest!, items: [...newest!.items, message] }, ...older] };
    },
  );
}

const notMessages = (key: readonly unknown[]) => !(key[0] === 'tickets' && key[1] === 'messages');

/** A ticket's status change: from what (null: not known here) to what, at which version of the ticket. */
export interface StatusChange {
  ticketId: string;
  ticketName: string;
  from: TicketStatus | null;
  to: TicketStatus;
  version: number;
}

/** Per query client, per ticket: the last status change refreshed, and that refresh. */
const refreshedChanges = new WeakMap<QueryClient, Map<string, { version: number; done: Promise<void> }>>();

/**
 * Refreshes what a status change moves, once per change however many times it is told: a board (a column per
 * status) refetches the two columns the ticket left and joined, not every column, and lists of every status
 * refetch; the ticket's timeline and paperwork and the dashboard go stale. The one who moved it tells it with the
 * server's answer and its live event tells it again (either may come first): the second finds the refresh done or
 * under way (`fresh: false`) and waits for it, fetching nothing.
 */
export function refreshStatusChange(
  client: QueryClient,
  change: StatusChange,
): { fresh: boolean; done: Promise<void> } {
  let byTicket = refreshedChanges.get(client);
  if (!byTicket) refreshedChanges.set(client, (byTicket = new Map()));
  const last = byTicket.get(change.ticketId);
  if (last && last.version >= change.version) return { fresh: false, done: last.done };
  const refs: unknown[] = [change.ticketId, change.ticketName];
  const done = Promise.all([
    client.invalidateQueries({
      queryKey: queryKeys.ticketLists,
      predicate: ({ queryKey }) => {
        const status = (queryKey[2] as { status?: unknown } | undefined)?.status;
        return !status || change.from === null || status === change.from || status === change.to;
      },
    }),
    client.invalidateQueries({
      queryKey: queryKeys.tickets,
      predicate: ({ queryKey }) =>
        !['list', 'detail', 'messages'].includes(queryKey[1] as string) && refs.includes(queryKey[2]),
    }),
    client.invalidateQueries({ queryKey: queryKeys.dashboard }),
  ]).then(() => undefined);
  byTicket.set(change.ticketId, { version: change.version, done });
  return { fresh: true, done };
}

/** What an event changes in the cache: patch what the event carries, refetch the rest. */
export function applyRealtimeEvent(client: QueryClient, event: RealtimeEventPayload): void {
  switch (event.type) {
    case 'ready':
      return;
    case 'ticket.created':
      void client.invalidateQueries({ queryKey: queryKeys.ticketLists });
      void client.invalidateQueries({ queryKey: queryKeys.dashboard });
      void client.invalidateQueries({ queryKey: queryKeys.contacts });
      break;
    case 'ticket.status_changed': {
      const { fresh } = refreshStatusChange(client, {
        ticketId: event.ticket_id,
        ticketName: event.ticket_name,
        from: event.from_status,
        to: event.status,
        version: event.version,
      });
      // Not this tab's own move (whose detail is already the server's answer): the ticket's page reads it again.
      if (fresh)
        for (const ref of [event.ticket_id, event.ticket_name])
          void client.invalidateQueries({ queryKey: queryKeys.ticket(ref) });
      void client.invalidateQueries({ queryKey: queryKeys.contacts });
      // A status follows from a payment or asks for documents: the invoice and the requests may have moved too.
      void client.invalidateQueries({ queryKey: queryKeys.billing });
      void client.invalidateQueries({ queryKey: queryKeys.documentRequests });
      break;
    }
    case 'ticket.assigned':
      void client.invalidateQueries({ queryKey: queryKeys.tickets, predicate: (q) => notMessages(q.queryKey) });
      void client.invalidateQueries({ queryKey: queryKeys.dashboard });
      void client.invalidateQueries({ queryKey: queryKeys.contacts });
      // A status follows from a payment or asks for documents: the invoice and the requests may have moved too.
      void client.invalidateQueries({ queryKey: queryKeys.billing });
      void client.invalidateQueries({ queryKey: queryKeys.documentRequests });
      break;
    case 'draft.uploaded':
    case 'draft.updated':
    case 'signing.updated':
      // Drafts and the 8879 are keyed under ['tickets', …, ticket id]; their files are in the vault.
      void client.invalidateQueries({ queryKey: queryKeys.tickets, predicate: (q) => notMessages(q.queryKey) });
      void client.invalidateQueries({ queryKey: queryKeys.documents });
      void client.invalidateQueries({ queryKey: queryKeys.dashboard });
      break;
    case 'message.created':
      appendMessage(client, event.message);
      void client.invalidateQueries({ queryKey: queryKeys.ticketLists });
      void client.invalidateQueries({ queryKey: queryKeys.ticketDetails });
      void client.invalidateQueries({ queryKey: queryKeys.dashboard });
      break;
    case 'notification.created':
      client.setQueryData(queryKeys.notificationUnread, event.unread_count);
      void client.invalidateQueries({ queryKey: queryKeys.notificationList });
      refreshForNotification(client, event.notification);
      break;
  }
  for (const l of listeners) l(event);
}

/**
 * What a notification's subject changes beyond the bell. Status changes, messages, assignments and paperwork
 * come with their own ticket events (above); requests for documents and invoices have none: their panels
 * refresh here, and an invoice also changes how its ticket reads to the customer ("Invoice ready to pay").
 */
function refreshForNotification(client: QueryClient, n: Notification): void {
  if (n.kind === 'document_request') void client.invalidateQueries({ queryKey: queryKeys.documentRequests });
  if (n.kind !== 'invoice') return;
  void client.invalidateQueries({ queryKey: queryKeys.billing });
  void client.invalidateQueries({ queryKey: queryKeys.ticketLists });
  void client.invalidateQueries({ queryKey: queryKeys.dashboard });
  for (const ref of [n.ticket_id, n.ticket_name]) {
    if (ref) void client.invalidateQueries({ queryKey: queryKeys.ticket(ref) });
  }
}

/** After a reconnect, events may have been missed: refetch what they would have changed. */
export function refetchAfterReconnect(client: QueryClient): void {
  for (const key of [
    queryKeys.tickets,
    queryKeys.notifications,
    queryKeys.dashboard,
    queryKeys.contacts,
    queryKeys.documents,
    queryKeys.documentRequests,
    queryKeys.billing,
  ]) {
    void client.invalidateQueries({ queryKey: key });
  }
}
