import { z } from 'zod';
import { BADGE_STYLES, STATUS_CATEGORIES } from '../ticket-status.ts';
import { ticketStatusSchema } from '../ticket-status-schemas.ts';
import { progressSchema } from '../tickets/progress.ts';
import { statusViewFields } from '../tickets/ticket.ts';

/** GET /api/v1/dashboard (dashboard, dashboard_admin): one shape per side, told apart by `role`. */
export const customerDashboardTicketSchema = z.object({
  id: z.string(),
  name: z.string(),
  service_name: z.string(),
  service_type_name: z.string(),
  year: z.number().int(),
  ...statusViewFields,
  progress: progressSchema,
  unread_count: z.number().int(),
  updated_at: z.string(),
});
export type CustomerDashboardTicket = z.infer<typeof customerDashboardTicketSchema>;

export const customerDashboardSchema = z.object({
  role: z.literal('customer'),
  counts: z.object({
    in_progress: z.number().int(),
    waiting_on_you: z.number().int(),
    done: z.number().int(),
    cancelled: z.number().int(),
  }),
  /** Most recently updated first (up to 20). */
  tickets: z.array(customerDashboardTicketSchema),
  /** Tickets whose status waits on the customer (category waiting_on_customer). */
  waiting_on_you: z.array(customerDashboardTicketSchema),
  /** The latest messages on their tickets (never internal notes), newest first. */
  recent_messages: z.array(
    z.object({
      id: z.string(),
      ticket_id: z.string(),
      ticket_name: z.string(),
      author: z.object({ full_name: z.string(), is_staff: z.boolean() }).nullable(),
      /** Plain text, cut to 280 characters. */
      body: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type CustomerDashboard = z.infer<typeof customerDashboardSchema>;

export const staffDashboardTicketSchema = z.object({
  id: z.string(),
  name: z.string(),
  customer_name: z.string(),
  service_name: z.string(),
  status: ticketStatusSchema,
  status_label: z.string(),
  badge: z.enum(BADGE_STYLES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffDashboardTicket = z.infer<typeof staffDashboardTicketSchema>;

export const staffDashboardSchema = z.object({
  role: z.literal('staff'),
  /** Every pipeline status in order, for the chart. */
  counts_by_status: z.array(
    z.object({
      status: ticketStatusSchema,
      label: z.string(),
      badge: z.enum(BADGE_STYLES),
      category: z.enum(STATUS_CATEGORIES),
      count: z.number().int(),
    }),
  ),
  /** Open and nobody's yet: oldest first (up to 10). */
  open_unassigned: z.object({ count: z.number().int(), items: z.array(staffDashboardTicketSchema) }),
  /** Unfinished tickets assigned to the caller: most recently updated first (up to 10). */
  assigned_to_me: z.object({ count: z.number().int(), items: z.array(staffDashboardTicketSchema) }),
  /** The last 12 weeks (Monday starts, UTC), oldest first, the current week included. */
  opened_per_week: z.array(z.object({ week_start: z.string(), count: z.number().int() })),
  /** Median stay in each status, over its most recent completed stays (up to 1000 per status). */
  median_time_in_status: z.array(
    z.object({
      status: ticketStatusSchema,
      label: z.string(),
      median_seconds: z.number().nullable(),
      samples: z.number().int(),
    }),
  ),
  /** Engagement letters sent and not yet signed (nor expired): the oldest first (up to 10; docs/decisions/0036). */
  unsigned_letters: z
    .object({
      count: z.number().int(),
      items: z.array(
        z.object({
          id: z.string(),
          customer_name: z.string(),
          ticket_name: z.string().nullable(),
          tax_year: z.number().int(),
          state: z.enum(['sent', 'viewed']),
          sent_at: z.string(),
          expires_at: z.string(),
        }),
      ),
    })
    .optional(),
});
export type StaffDashboard = z.infer<typeof staffDashboardSchema>;

export const dashboardSchema = z.discriminatedUnion('role', [customerDashboardSchema, staffDashboardSchema]);
export type Dashboard = z.infer<typeof dashboardSchema>;
