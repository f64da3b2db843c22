import { z } from 'zod';
import { opaqueText, text } from '../common/text.ts';
import { newPasswordSchema } from '../common/fields.ts';

export const passwordResetBodySchema = z.object({
  email: text().toLowerCase().min(1, { error: 'E-mail is required' }).max(254),
});
export const passwordResetConfirmBodySchema = z.object({
  token: opaqueText().min(10).max(200),
  new_password: newPasswordSchema,
});
export const messageSchema = z.object({ message: z.string() });
