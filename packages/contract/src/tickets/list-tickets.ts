import { z } from 'zod';
import { opaqueText, text } from '../common/text.ts';
import { ticketStatusSchema } from '../ticket-status-schemas.ts';
import { ticketSummarySchema } from './ticket.ts';

export const TICKET_SCOPES = ['mine', 'all'] as const;

/**
 * GET /api/v1/tickets. Customers always get their own tickets. Staff get every
 * ticket, `scope=mine` those assigned to them; `scope=all&status=Open` is Open
 * Request (Admin, Customer Care Department): unassigned first, oldest first.
 * `q` matches ticket name, customer name, e-mail or phone, service, type, year.
 */
export const listTicketsQuerySchema = z.object({
  status: ticketStatusSchema.optional(),
  q: text().max(100).optional(),
  /** A user id, `me`, or `none` for unassigned. */
  assignee: opaqueText().max(64).optional(),
  customer: opaqueText().max(64).optional(),
  service_type: opaqueText().max(64).optional(),
  year: z.coerce.number().int().min(1900).max(2200).optional(),
  scope: z.enum(TICKET_SCOPES).optional(),
  cursor: opaqueText().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type ListTicketsQuery = z.infer<typeof listTicketsQuerySchema>;

export const ticketListSchema = z.object({
  items: z.array(ticketSummarySchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type TicketList = z.infer<typeof ticketListSchema>;
