import { endpoints } from '@taxportal/contract';
import { call } from '../../lib/api/index.ts';
import type { TicketDataPart } from '../../lib/ticket-data.ts';

// The invoice panel's data, in a module of its own (no UI): the app starts it at navigation to a ticket
// (app/router/ticket-page-data.ts).

export const ticketInvoiceKey = (ticketId: string) => ['billing', 'ticket', ticketId] as const;

/**
 * The ticket's live invoice (SPEC's get_si_ticket_id): the newest one that is not cancelled, else the newest, in
 * one request (lib/ticket-data.ts).
 */
export const ticketInvoicePart = {
  key: ticketInvoiceKey,
  load: async (ref, signal) => (await call(endpoints.getTicketInvoice, { params: { id: ref }, signal })).invoice,
} satisfies TicketDataPart;
