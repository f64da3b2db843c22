import { endpoints } from '@taxportal/contract';
import { call } from '../../lib/api/index.ts';
import type { TicketDataPart } from '../../lib/ticket-data.ts';

// Form 8879's data on the ticket page, in a module of its own (no UI): the app starts it at navigation to a ticket
// (app/router/ticket-page-data.ts).

/** Under ['tickets', …]: a live status change of the ticket refreshes signing too. */
export const signingKey = (ticketId: string) => ['tickets', 'signing', ticketId] as const;

/** A ticket's Form 8879 (lib/ticket-data.ts). */
export const signingPart = {
  key: signingKey,
  load: (ref, signal) => call(endpoints.getSigning, { params: { id: ref }, signal }),
} satisfies TicketDataPart;
