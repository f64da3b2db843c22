import { LANGUAGES } from '../common/language.ts';
import { ROLES } from '../roles.ts';
import { z } from 'zod';
import { text } from '../common/text.ts';
import { BADGE_STYLES, STATUS_CATEGORIES, SYSTEM_MOVE_EVENTS } from '../ticket-status.ts';
import { ticketStatusSchema } from '../ticket-status-schemas.ts';
import { progressSchema } from './progress.ts';

export const personRefSchema = z.object({ id: z.string(), full_name: z.string() });

/** A status as the caller reads it: customers get customer labels, staff staff labels. */
export const statusViewFields = {
  status: ticketStatusSchema,
  status_label: z.string(),
  badge: z.enum(BADGE_STYLES),
  status_category: z.enum(STATUS_CATEGORIES),
};

/** A row of /my-tickets, /all-tickets and /open-tickets. */
export const ticketSummarySchema = z.object({
  id: z.string(),
  /** TD.0001 */
  name: z.string(),
  customer: z.object({
    id: z.string(),
    full_name: z.string(),
    email: z.string(),
    /** The language the customer reads the portal in (saved on their profile; null: never said), to answer in. */
    language: z.enum(LANGUAGES).nullable().optional(),
  }),
  /** A joint return: the customer's spouse, who files it with them and sees it as they do (absent or null: separate). */
  spouse: personRefSchema.nullable().optional(),
  service: z.object({ id: z.string(), name: z.string() }),
  service_type: z.object({ id: z.string(), name: z.string() }),
  year: z.number().int(),
  phone: z.string().nullable(),
  ...statusViewFields,
  assignee: personRefSchema.nullable(),
  /** The statuses the caller may move this ticket to now, per the transition table (board drop targets). */
  allowed_statuses: z.array(ticketStatusSchema),
  /** Messages the caller has not read (internal notes count for staff only). */
  unread_count: z.number().int(),
  /** Optimistic-locking token: send it back as expected_version. */
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

/**
 * Why a firm setting keeps a ticket in its status: at Open with no engagement letter, with one not signed, or with
 * only letters that came to nothing (declined, voided, expired).
 */
export const TICKET_HOLD_REASONS = ['letter_missing', 'letter_unsigned', 'letter_ended'] as const;
export type TicketHoldReason = (typeof TICKET_HOLD_REASONS)[number];

/** GET /api/v1/tickets/:id (ticket_full_details). */
export const ticketDetailSchema = ticketSummarySchema.extend({
  service: z.object({ id: z.string(), name: z.string(), price_cents: z.number().int(), currency: z.string() }),
  progress: progressSchema,
  status_changed_at: z.string(),
  last_message_at: z.string().nullable(),
  /**
   * For staff: the moves from here the caller may not make, and which roles may (issue 29: "stuck at Payment
   * Collected" with no word of who can move it). Empty for customers.
   */
  moves_by_others: z.array(z.object({ status: ticketStatusSchema, roles: z.array(z.enum(ROLES)) })),
  /**
   * For staff: the moves from here that follow by themselves from another fact (a draft uploaded or decided on,
   * the invoice paid), so nobody is surprised by them (issue 29: a draft upload moved the status silently). Empty
   * for customers.
   */
  system_moves: z.array(z.object({ event: z.enum(SYSTEM_MOVE_EVENTS), status: ticketStatusSchema })),
  /**
   * For staff: a firm setting keeps the ticket in its status (at Open until its engagement letter is signed,
   * docs/decisions/0036): why (no letter yet, or one not signed), and the moves it still lets through. The server
   * refuses the others (409) whoever asks; absent or null: not held. Null for customers.
   */
  hold: z
    .object({ reason: z.enum(TICKET_HOLD_REASONS), allows: z.array(ticketStatusSchema) })
    .nullable()
    .optional(),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

/** `:id` is the ticket's id or its name (TD.0001). */
/** A ticket by id or name (`TD.0001`); anything else that is text names no ticket: 404, not 422 (0010). */
export const ticketParamsSchema = z.object({ id: text().min(1).max(64) });
