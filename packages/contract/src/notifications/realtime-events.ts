import { z } from 'zod';
import { ticketStatusSchema } from '../ticket-status-schemas.ts';
import { ticketMessageSchema } from '../tickets/messages.ts';
import { notificationSchema } from './notifications.ts';

/**
 * What GET /api/v1/events (Server-Sent Events) sends. Each SSE message has
 * `event: <type>` and `data: <JSON of one of these>`. Statuses come as names:
 * read the label for the viewer from the session's `statuses`. An event too
 * large for the channel arrives with `truncated: true` and ids only: refetch.
 */
const person = z.object({ id: z.string(), full_name: z.string() });

export const readyEventSchema = z.object({ type: z.literal('ready') });
export const ticketCreatedEventSchema = z.object({
  type: z.literal('ticket.created'),
  ticket_id: z.string(),
  ticket_name: z.string(),
  customer_id: z.string(),
});
export const ticketStatusChangedEventSchema = z.object({
  type: z.literal('ticket.status_changed'),
  ticket_id: z.string(),
  ticket_name: z.string(),
  from_status: ticketStatusSchema,
  status: ticketStatusSchema,
  version: z.number().int(),
  changed_by: person,
});
export const ticketAssignedEventSchema = z.object({
  type: z.literal('ticket.assigned'),
  ticket_id: z.string(),
  ticket_name: z.string(),
  assignee: person.nullable(),
  version: z.number().int(),
});
export const messageCreatedEventSchema = z.object({
  type: z.literal('message.created'),
  ticket_id: z.string(),
  ticket_name: z.string(),
  message: ticketMessageSchema,
});
export const notificationCreatedEventSchema = z.object({
  type: z.literal('notification.created'),
  notification: notificationSchema,
  unread_count: z.number().int(),
});
/** A ticket's drafts or its Form 8879 changed: refetch them (the event carries ids only). */
const ticketPaperwork = <T extends string>(type: T) =>
  z.object({ type: z.literal(type), ticket_id: z.string(), ticket_name: z.string(), id: z.string().optional() });
export const draftUploadedEventSchema = ticketPaperwork('draft.uploaded');
export const draftUpdatedEventSchema = ticketPaperwork('draft.updated');
export const signingUpdatedEventSchema = ticketPaperwork('signing.updated');

export const realtimeEventSchema = z.discriminatedUnion('type', [
  readyEventSchema,
  ticketCreatedEventSchema,
  ticketStatusChangedEventSchema,
  ticketAssignedEventSchema,
  messageCreatedEventSchema,
  notificationCreatedEventSchema,
  draftUploadedEventSchema,
  draftUpdatedEventSchema,
  signingUpdatedEventSchema,
]);
export type RealtimeEventPayload = z.infer<typeof realtimeEventSchema>;
// The events' names, for the browser's stream to subscribe to, are in a module without zod (realtime-event-types.ts).
export { REALTIME_EVENT_TYPES } from './realtime-event-types.ts';
