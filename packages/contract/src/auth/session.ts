import { z } from 'zod';
import { secretText, text, typedCodeText } from '../common/text.ts';
import { LANGUAGES } from '../common/language.ts';
import { roleSchema } from '../roles.ts';
import { statusDefinitionSchema } from '../ticket-status-schemas.ts';
import { AUTH_FIELD_MESSAGES } from './field-messages.ts';
import { COMMON_FIELD_MESSAGES } from '../common/field-messages.ts';

export const userSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});

/** What the browser keeps of a session: never a password, key or token. */
export const sessionSchema = z.object({
  user: userSchema,
  roles: z.array(roleSchema),
  login_role: roleSchema,
  currency: z.string(),
  statuses: z.array(statusDefinitionSchema),
  /** Staff without a second factor: every call but the set-up is refused until they add one. */
  factor_setup_required: z.boolean().optional(),
  /** SPEC's "referral id": a customer's referral code (their link is /register?ref=CODE); null for staff. */
  referral_code: z.string().nullable(),
  /** Admins, and staff an Admin made site editors: the navigation shows "Site" (the server checks it again). */
  site_editor: z.boolean().optional(),
  /** The language saved on the profile, which follows the person to every device; null: never chosen. */
  // (Its own enum of the one list: importing profile.ts's would bring the profile's schemas into sign-in's chunk.)
  language: z.enum(LANGUAGES).nullable().optional(),
});
export type Session = z.infer<typeof sessionSchema>;

export const loginBodySchema = z.object({
  email: text()
    .toLowerCase()
    .min(1, { error: () => AUTH_FIELD_MESSAGES.emailRequired })
    .max(254),
  password: secretText()
    .min(1, { error: () => COMMON_FIELD_MESSAGES.passwordRequired })
    .max(1024),
  /** The second factor when the account has one: a TOTP code or a recovery code. */
  otp: typedCodeText().optional(),
  /** Ask no code in this browser for 30 days. */
  trust_device: z.boolean().optional(),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const existsQuerySchema = z.object({ email: text().toLowerCase().max(254) });
export const existsResponseSchema = z.object({ exists: z.boolean() });
