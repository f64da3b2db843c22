import { z } from 'zod';
import { multilineText } from '../common/text.ts';
import { ticketStatusSchema } from '../ticket-status-schemas.ts';
import { personRefSchema } from './ticket.ts';

/** POST /api/v1/tickets/:id/status (update_doc). */
export const changeStatusBodySchema = z.object({
  status: ticketStatusSchema,
  /** Staff-side note; a customer sees only the notes they wrote themselves. */
  note: multilineText().max(2000).optional(),
  /** The ticket's `version` the caller saw: a newer one means someone else changed it first (409). */
  expected_version: z.number().int().min(1).optional(),
});
export type ChangeStatusBody = z.infer<typeof changeStatusBodySchema>;

/** GET /api/v1/tickets/:id/history: the timeline of status changes, oldest first. */
export const statusChangeSchema = z.object({
  id: z.string(),
  from_status: ticketStatusSchema.nullable(),
  to_status: ticketStatusSchema,
  from_label: z.string().nullable(),
  to_label: z.string(),
  changed_by: personRefSchema.extend({ is_staff: z.boolean() }).nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;
export const statusHistorySchema = z.object({ items: z.array(statusChangeSchema) });
