import { z } from 'zod';
import { text } from '../common/text.ts';
import { idSchema } from '../common/fields.ts';
import { COMMON_FIELD_MESSAGES } from '../common/field-messages.ts';

/**
 * POST /api/v1/tickets (create_ticket_tax_payer). The phone is the
 * customer's profile phone (read-only for customers); `phone` is used only
 * when the profile has none, or when staff open a ticket for a customer.
 */
export const createTicketBodySchema = z.object({
  service_id: idSchema,
  /** When given, the service must be of this type (the form picks a type first). */
  service_type_id: idSchema.optional(),
  year: z.coerce
    .number({ error: () => COMMON_FIELD_MESSAGES.yearRequired })
    .int()
    .min(1900)
    .max(2200),
  phone: text().max(32).optional(),
  /** Staff only: the customer the ticket is for. */
  customer_id: idSchema.optional(),
  /** A joint return with the customer's spouse in their household (docs/decisions/0032). */
  joint: z.boolean().optional(),
});
export type CreateTicketBody = z.infer<typeof createTicketBodySchema>;
