import { endpoints } from '@taxportal/contract';
import { call } from '../../lib/api/index.ts';
import type { TicketDataPart } from '../../lib/ticket-data.ts';

// The drafts' data on the ticket page, in a module of its own (no UI): the app starts it at navigation to a ticket
// (app/router/ticket-page-data.ts).

/** Under ['tickets', …]: a live status change of the ticket refreshes the drafts too. */
export const draftsKey = (ticketId: string) => ['tickets', 'drafts', ticketId] as const;

/** A ticket's draft versions (lib/ticket-data.ts). */
export const draftsPart = {
  key: draftsKey,
  load: (ref, signal) => call(endpoints.listDrafts, { params: { id: ref }, signal }),
} satisfies TicketDataPart;
