import { endpoints, MESSAGE_PAGE_SIZE } from '@taxportal/contract';
import { call } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { FETCHED_AHEAD_FRESH_MS, type TicketDataPart } from '../../lib/ticket-data.ts';

// What the ticket page draws from, in a module of its own (no UI): the app starts these at navigation
// (app/router/ticket-page-data.ts) with nothing more than the first load already has.

/** The ticket by its id or name, as the page's address holds it. */
export const ticketQuery = (idOrName: string) => ({
  queryKey: queryKeys.ticket(idOrName),
  queryFn: ({ signal }: { signal?: AbortSignal }) => call(endpoints.getTicket, { params: { id: idOrName }, signal }),
  staleTime: FETCHED_AHEAD_FRESH_MS,
});

/** The status timeline (lib/ticket-data.ts). */
export const historyPart = {
  key: queryKeys.ticketHistory,
  load: (ref, signal) => call(endpoints.getStatusHistory, { params: { id: ref }, signal }),
} satisfies TicketDataPart;

export const messagesPage = (ref: string, before: string | null, signal?: AbortSignal) =>
  call(endpoints.listMessages, { params: { id: ref }, query: { limit: MESSAGE_PAGE_SIZE, before }, signal });

/** The conversation's newest page (lib/ticket-data.ts). */
export const messagesPart = {
  key: queryKeys.ticketMessages,
  load: (ref, signal) => messagesPage(ref, null, signal),
  pages: true,
} satisfies TicketDataPart;
