import { z } from 'zod';
import { secretText } from '../common/text.ts';
import { AUTH_FIELD_MESSAGES } from './field-messages.ts';

/** Required-ness only: SPEC §5's three checks run on the server, in order. */
export const changePasswordBodySchema = z.object({
  old_password: secretText()
    .min(1, { error: () => AUTH_FIELD_MESSAGES.oldPasswordRequired })
    .max(1024),
  new_password: secretText()
    .min(1, { error: () => AUTH_FIELD_MESSAGES.newPasswordRequired })
    .max(1024),
  confirm_password: secretText()
    .min(1, { error: () => AUTH_FIELD_MESSAGES.confirmPasswordRequired })
    .max(1024),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const statusMessageSchema = z.object({ status: z.literal('Success'), message: z.string() });
