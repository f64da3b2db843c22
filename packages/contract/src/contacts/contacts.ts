import { z } from 'zod';
import { LANGUAGES } from '../common/language.ts';
import { opaqueText, text } from '../common/text.ts';
import { BADGE_STYLES } from '../ticket-status.ts';
import { ticketStatusSchema } from '../ticket-status-schemas.ts';

/** A customer as staff see it in /contacts (customer_list). */
export const contactSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** The language they read the portal in (saved on their profile; null: never said), to answer in. */
  language: z.enum(LANGUAGES).nullable().optional(),
  ticket_count: z.number().int(),
  /** When one of their tickets last changed or got a message; null without tickets. */
  last_activity_at: z.string().nullable(),
  created_at: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

/** GET /api/v1/contacts?q=: by name, alphabetical; q matches name, e-mail or phone. */
export const listContactsQuerySchema = z.object({
  q: text().max(100).optional(),
  cursor: opaqueText().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type ListContactsQuery = z.infer<typeof listContactsQuerySchema>;
export const contactListSchema = z.object({ items: z.array(contactSchema), next_cursor: z.string().nullable() });
export type ContactList = z.infer<typeof contactListSchema>;

/**
 * GET /api/v1/contacts/:id (cus_detaile_phone_no): the contact with their tickets, newest first (joint returns they
 * file as a spouse too: `joint`), and their household's members (docs/decisions/0032).
 */
export const contactDetailSchema = contactSchema.extend({
  household: z
    .array(z.object({ id: z.string(), full_name: z.string(), email: z.string(), role: z.enum(['primary', 'spouse']) }))
    .optional(),
  tickets: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      service_name: z.string(),
      service_type_name: z.string(),
      year: z.number().int(),
      status: ticketStatusSchema,
      status_label: z.string(),
      badge: z.enum(BADGE_STYLES),
      updated_at: z.string(),
      /** A joint return: the other filer's name (the customer's, where this contact is the spouse). */
      joint_with: z.string().nullable().optional(),
    }),
  ),
});
export type ContactDetail = z.infer<typeof contactDetailSchema>;
export const contactParamsSchema = z.object({ id: opaqueText().min(1).max(64) });
