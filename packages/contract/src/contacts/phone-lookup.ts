import { z } from 'zod';

/** GET /api/v1/contacts/phone-lookup?phone= (phone_no_checking): does a number belong to a customer? */
export const phoneLookupQuerySchema = z.object({
  phone: z
    .string()
    .trim()
    .min(1, { error: 'Enter a phone number' })
    .max(32)
    .refine((v) => /^[\d\s()+.-]+$/.test(v) && v.replace(/\D/g, '').length >= 7, { error: 'Enter a phone number' }),
});
export const phoneLookupResponseSchema = z.object({
  /** The number as looked up (E.164). */
  phone: z.string(),
  exists: z.boolean(),
  customer: z.object({ id: z.string(), full_name: z.string(), email: z.string(), phone: z.string() }).nullable(),
});
export type PhoneLookup = z.infer<typeof phoneLookupResponseSchema>;
