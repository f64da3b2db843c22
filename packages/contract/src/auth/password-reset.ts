import { z } from 'zod';
import { opaqueText, text } from '../common/text.ts';
import { newPasswordSchema } from '../common/fields.ts';
import { AUTH_FIELD_MESSAGES } from './field-messages.ts';

export const passwordResetBodySchema = z.object({
  email: text()
    .toLowerCase()
    .min(1, { error: () => AUTH_FIELD_MESSAGES.emailRequired })
    .max(254),
});
export const passwordResetConfirmBodySchema = z.object({
  token: opaqueText().min(10).max(200),
  new_password: newPasswordSchema,
});
export const messageSchema = z.object({ message: z.string() });
