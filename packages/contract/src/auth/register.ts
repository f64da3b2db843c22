import { z } from 'zod';
import { emailSchema, newPasswordSchema, phoneSchema } from '../common/fields.ts';

export const registerBodySchema = z.object({
  full_name: z.string().trim().min(1, { error: 'Full name is required' }).max(140),
  email: emailSchema,
  phone: phoneSchema,
  password: newPasswordSchema,
  referral_code: z.string().trim().max(64).optional(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;
