import { z } from 'zod';
import { text } from '../common/text.ts';
import { emailSchema, newPasswordSchema, phoneSchema } from '../common/fields.ts';
import { AUTH_FIELD_MESSAGES } from './field-messages.ts';

export const registerBodySchema = z.object({
  full_name: text()
    .min(1, { error: () => AUTH_FIELD_MESSAGES.fullNameRequired })
    .max(140),
  email: emailSchema,
  phone: phoneSchema,
  password: newPasswordSchema,
  referral_code: text().max(64).optional(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;
