import { z } from 'zod';
import { secretText } from '../common/text.ts';

/** Required-ness only: SPEC §5's three checks run on the server, in order. */
export const changePasswordBodySchema = z.object({
  old_password: secretText().min(1, { error: 'Old Password is required' }).max(1024),
  new_password: secretText().min(1, { error: 'New password is required' }).max(1024),
  confirm_password: secretText().min(1, { error: 'Confirm password is required' }).max(1024),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const statusMessageSchema = z.object({ status: z.literal('Success'), message: z.string() });
