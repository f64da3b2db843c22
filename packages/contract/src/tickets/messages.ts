import { z } from 'zod';
import { multilineText, opaqueText } from '../common/text.ts';
import { MESSAGE_PAGE_SIZE, MESSAGE_MAX_LENGTH } from './message-limits.ts';
import { COMMON_FIELD_MESSAGES } from '../common/field-messages.ts';

/** A conversation entry. `body` is plain text: clients render it as text (links may be linkified), never as HTML. */
export const ticketMessageSchema = z.object({
  id: z.string(),
  ticket_id: z.string(),
  body: z.string(),
  /** Staff-only note; never present in a customer's responses. */
  internal: z.boolean(),
  author: z.object({ id: z.string(), full_name: z.string(), is_staff: z.boolean() }).nullable(),
  document_ids: z.array(z.string()),
  created_at: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

/** GET /api/v1/tickets/:id/messages (get_all_conversations): a page, oldest to newest. */
export const listMessagesQuerySchema = z.object({
  /** A message id: return the messages before it ("load older"). */
  before: z
    .string()
    .regex(/^\d{1,18}$/, { error: () => COMMON_FIELD_MESSAGES.invalidCursor })
    .optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_SIZE).default(MESSAGE_PAGE_SIZE),
});
export const ticketMessageListSchema = z.object({
  items: z.array(ticketMessageSchema),
  /** Pass as `before` to load older messages; null when there are none. */
  next_cursor: z.string().nullable(),
});
export type TicketMessageList = z.infer<typeof ticketMessageListSchema>;

/**
 * The tickets' own field messages; FIELD_TEXTS.tickets in the server's catalogue. Named as
 * `{ error: () => TICKET_FIELD_MESSAGES.x }` (common/field-messages.ts says why).
 */
export const TICKET_FIELD_MESSAGES = { messageRequired: 'Write a message' } as const;

/** POST /api/v1/tickets/:id/messages (submit_conversation_via_agent). */
export const postMessageBodySchema = z.object({
  body: multilineText()
    .min(1, { error: () => TICKET_FIELD_MESSAGES.messageRequired })
    .max(MESSAGE_MAX_LENGTH),
  /** Staff only. */
  internal: z.boolean().default(false),
  document_ids: z.array(opaqueText().min(1).max(64)).max(20).default([]),
});
export type PostMessageBody = z.infer<typeof postMessageBodySchema>;

/** POST /api/v1/tickets/:id/read */
export const markReadResponseSchema = z.object({
  ticket_id: z.string(),
  unread_count: z.literal(0),
  last_read_at: z.string(),
});
