import { endpoints } from '@taxportal/contract';
import { call } from '../../lib/api/index.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import type { TicketDataPart } from '../../lib/ticket-data.ts';

// The requests panel's data, in a module of its own (no UI): the app starts it at navigation to a ticket
// (app/router/ticket-page-data.ts).

/** Query keys of document requests: invalidating ['document-requests'] refreshes the ticket panels and the dashboard. */
export const requestKeys = {
  all: queryKeys.documentRequests,
  ticket: (ticketId: string) => ['document-requests', 'ticket', ticketId] as const,
  outstanding: ['document-requests', 'outstanding'] as const,
};

/** A ticket's document requests (lib/ticket-data.ts). */
export const ticketRequestsPart = {
  key: requestKeys.ticket,
  load: (ref, signal) => call(endpoints.listTicketDocumentRequests, { params: { id: ref }, signal }),
} satisfies TicketDataPart;
