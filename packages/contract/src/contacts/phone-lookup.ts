import { z } from 'zod';

/**
 * The contacts' field messages; FIELD_TEXTS.contacts in the server's catalogue. Named as
 * `{ error: () => CONTACT_FIELD_MESSAGES.x }` (common/field-messages.ts says why).
 */
export const CONTACT_FIELD_MESSAGES = { phoneRequired: 'Enter a phone number' } as const;

/** GET /api/v1/contacts/phone-lookup?phone= (phone_no_checking): does a number belong to a customer? */
export const phoneLookupQuerySchema = z.object({
  phone: z
    .string()
    .trim()
    .min(1, { error: () => CONTACT_FIELD_MESSAGES.phoneRequired })
    .max(32)
    .refine((v) => /^[\d\s()+.-]+$/.test(v) && v.replace(/\D/g, '').length >= 7, {
      error: () => CONTACT_FIELD_MESSAGES.phoneRequired,
    }),
});
export const phoneLookupResponseSchema = z.object({
  /** The number as looked up (E.164). */
  phone: z.string(),
  exists: z.boolean(),
  customer: z.object({ id: z.string(), full_name: z.string(), email: z.string(), phone: z.string() }).nullable(),
});
export type PhoneLookup = z.infer<typeof phoneLookupResponseSchema>;
