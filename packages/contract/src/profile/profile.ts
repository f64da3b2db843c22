import { z } from 'zod';
import { emailSchema } from '../common/fields.ts';
import { LANGUAGES } from '../common/language.ts';
import { opaqueText, secretText, text } from '../common/text.ts';
import { roleSchema } from '../roles.ts';
import { COMMON_FIELD_MESSAGES } from '../common/field-messages.ts';

/** The interface languages the portal offers (common/language.ts); the web has a catalogue for each. */
export const languageSchema = z.enum(LANGUAGES);

export const profileSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** The phone was proved by a texted code (it signs in by phone); a new number is stored only once proved. */
  phone_verified: z.boolean(),
  roles: z.array(roleSchema),
  language: languageSchema,
  /** An e-mail change waiting for its link: the new address, else null. */
  pending_email: z.string().nullable(),
  created_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** PATCH /api/v1/profile: only what is sent changes. The phone changes through its own verified flow. */
export const updateProfileBodySchema = z.object({
  full_name: text()
    .min(1, { error: () => COMMON_FIELD_MESSAGES.nameRequired })
    .max(140)
    .optional(),
  language: languageSchema.optional(),
});

/** The current password proves it is the owner asking, not someone at an unlocked screen. */
export const emailChangeBodySchema = z.object({
  new_email: emailSchema,
  password: secretText()
    .min(1, { error: () => COMMON_FIELD_MESSAGES.passwordRequired })
    .max(1024),
});
export const emailChangeConfirmBodySchema = z.object({ token: opaqueText().min(1).max(128) });
export const closeAccountBodySchema = z.object({
  password: secretText()
    .min(1, { error: () => COMMON_FIELD_MESSAGES.passwordRequired })
    .max(1024),
});

export const PROFILE_MESSAGES = {
  emailChangeSent: 'We sent a link to the new address. Open it to finish the change.',
  emailChanged: 'Your e-mail address has been changed.',
  emailChangeInvalid: 'This link is invalid or has expired.',
  emailSame: 'This is already your e-mail address.',
  wrongPassword: 'The password is not correct.',
  accountClosed: 'Your account has been closed.',
  staffCannotClose: 'Staff accounts are closed by an Admin.',
} as const;
