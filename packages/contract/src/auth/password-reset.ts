import { z } from 'zod';
import { newPasswordSchema } from '../common/fields.ts';

export const passwordResetBodySchema = z.object({
  email: z.string().trim().toLowerCase().min(1, { error: 'E-mail is required' }).max(254),
});
export const passwordResetConfirmBodySchema = z.object({
  token: z.string().min(10).max(200),
  new_password: newPasswordSchema,
});
export const messageSchema = z.object({ message: z.string() });
