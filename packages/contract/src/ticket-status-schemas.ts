import { z } from 'zod';
import { BADGE_STYLES, STATUS_CATEGORIES, TICKET_STATUSES } from './ticket-status.ts';

/** The schemas of ticket-status.ts's values (a module of their own: see there). */
export const ticketStatusSchema = z.enum(TICKET_STATUSES);

export const statusDefinitionSchema = z.object({
  name: z.string(),
  position: z.number().int(),
  badge: z.enum(BADGE_STYLES),
  staff_label: z.string(),
  customer_label: z.string(),
  category: z.enum(STATUS_CATEGORIES),
  is_pipeline: z.boolean(),
});
