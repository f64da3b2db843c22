import { z } from 'zod';
import { opaqueText, secretText, text } from '../common/text.ts';
import { phoneSchema } from '../common/fields.ts';
import { userSchema } from './session.ts';
import { AUTH_FIELD_MESSAGES } from './field-messages.ts';
import { COMMON_FIELD_MESSAGES } from '../common/field-messages.ts';

/** The social sign-in providers the portal knows; each is on only when its environment variables are set. */
export const OIDC_PROVIDERS = ['google', 'microsoft', 'apple'] as const;
export const oidcProviderSchema = z.enum(OIDC_PROVIDERS);
export type OidcProvider = z.infer<typeof oidcProviderSchema>;

/** The rules of an SMS code (docs/decisions/0019-b): the server applies them, the web shows them. */
export const PHONE_CODE_TTL_MINUTES = 10;
export const PHONE_CODE_MAX_TRIES = 5;
export const PHONE_RESEND_COOLDOWN_S = 60;

export const PHONE_MESSAGES = {
  codeSent: 'If this number belongs to an account with a verified phone, a code is on its way.',
  verificationSent: 'A code is on its way to this number.',
  codeInvalid: 'This code is wrong or has expired. Ask for a new one.',
  wait: 'Please wait before asking for another code.',
  tooManyCodes: 'Too many codes asked for. Please try again later.',
  phoneOff: 'Phone sign-in is not available.',
  staffRefused: 'Staff accounts sign in with e-mail, password and a second factor.',
  factorRefused: 'This account has a second factor: sign in with your e-mail, password and code.',
  phoneVerified: 'Your phone number is verified.',
  linkInvalid: 'This sign-in has expired. Please start again.',
  linkPassword: 'Incorrect password',
} as const;

/** `123 456`, `123-456` and `123456` are one code. */
export const phoneCodeSchema = text()
  .max(16)
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: () => AUTH_FIELD_MESSAGES.phoneCode }));

export const phoneStartBodySchema = z.object({ phone: phoneSchema });
export const phoneStartResponseSchema = z.object({
  message: z.string(),
  /** Seconds before another code may be asked for this number. */
  resend_after_s: z.number().int(),
});
export const phoneVerifyBodySchema = z.object({ phone: phoneSchema, code: phoneCodeSchema });
export const phoneVerifiedResponseSchema = z.object({
  message: z.string(),
  user: userSchema,
  phone_verified: z.boolean(),
});

/** Which sign-in methods this server offers: the web shows only those. */
export const signInMethodsSchema = z.object({
  phone: z.boolean(),
  oidc: z.array(oidcProviderSchema),
});

export const oidcParamsSchema = z.object({ provider: opaqueText().max(32) });
/** What the provider sends back to the callback (query, or Apple's form post). Unknown fields are ignored. */
export const oidcCallbackQuerySchema = z.looseObject({
  state: opaqueText().max(512).optional(),
  code: opaqueText().max(4096).optional(),
  error: opaqueText().max(256).optional(),
});

/**
 * What Apple POSTs to the callback (`response_mode=form_post`, form-encoded): the callback's fields, and on the first
 * sign-in the person's name as JSON (`user`: `{"name":{"firstName":…,"lastName":…}}`), which Apple's ID token lacks.
 */
export const oidcFormPostSchema = z.looseObject({
  state: opaqueText().max(512).optional(),
  iss: opaqueText().max(512).optional(),
  code: opaqueText().max(4096).optional(),
  error: opaqueText().max(256).optional(),
  user: opaqueText().max(2048).optional(),
});

/** A social sign-in waiting for the account's password (the cookie names it). */
export const oidcPendingLinkSchema = z.object({ provider: oidcProviderSchema, email: z.string() });
export const oidcLinkBodySchema = z.object({
  password: secretText()
    .min(1, { error: () => COMMON_FIELD_MESSAGES.passwordRequired })
    .max(1024),
});
