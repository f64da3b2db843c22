import { z } from 'zod';
import { authenticationResponseSchema } from '../auth/mfa.ts';
import { emailSchema, idSchema } from '../common/fields.ts';
import { COMMON_FIELD_MESSAGES } from '../common/field-messages.ts';
import { isoDateSchema, multilineText, secretText, text, typedCodeText } from '../common/text.ts';

/**
 * §7216 consents (issue 33 item 3, docs/decisions/0034): a taxpayer's consent, on a document of its own, to the
 * firm's use of their tax return information beyond preparing the return, or to its disclosure to a named recipient.
 * Never a condition of service. One consent per taxpayer who signs it (a joint household's spouses each sign their
 * own, prepared together).
 */
export const CONSENT_KINDS = ['use', 'disclose'] as const;
export const consentKindSchema = z.enum(CONSENT_KINDS);
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/**
 * sent → signed | declined | withdrawn (staff, before an answer); signed → revoked (the client, at any time).
 * `expired`: read at each request from `expires_at` (a signed one) or `ends_on` (a stated end passed before signing).
 */
export const CONSENT_STATUSES = ['sent', 'signed', 'declined', 'revoked', 'expired', 'withdrawn'] as const;
export const consentStatusSchema = z.enum(CONSENT_STATUSES);
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

/**
 * How the signer proves it is them beside their typed name (Rev. Proc. 2013-14 section 6; decision 0034): a passkey
 * (its WebAuthn answer in `response`, after …/passkey-options), a code, or the password.
 */
export const CONSENT_FACTORS = ['passkey', 'totp', 'recovery_code', 'sms_code', 'password'] as const;
export const consentFactorSchema = z.enum(CONSENT_FACTORS);
export type ConsentFactor = (typeof CONSENT_FACTORS)[number];

/** Length limits of what staff write on a consent. */
export const CONSENT_LIMITS = { purpose: 1000, information: 1000, recipientName: 140 } as const;

/** The refusals a person reads (Spanish: texts/es/consents.json, `messages`). */
export const CONSENT_MESSAGES = {
  notFound: 'Consent not found.',
  notCustomer: 'Consents are prepared for clients only.',
  recipientRequired: 'A consent to disclose names its recipient: enter their name and e-mail.',
  recipientNotForUse: 'A consent to use names no recipient.',
  recipientOutsideUs:
    'The portal prepares consents to disclose only to recipients in the United States. A disclosure outside the United States needs a consent of its own on paper.',
  endsOnPast: 'The end date must be after today.',
  noSpouse: 'This client has no spouse in their household.',
  notOpen: 'This consent is no longer waiting for an answer.',
  notSigned: 'Only a signed consent in force can be revoked.',
  noPdf: 'Only a signed consent has a PDF with its signature.',
  expired: 'This consent has expired.',
  nameMismatch: 'Type your full name as it appears on your account to sign.',
  factorUnavailable: 'That way of confirming is not available for you. Choose another.',
  wrongFactor: 'The code or password is not right. Try again.',
  noFactor:
    'Signing a consent needs a second factor: set up an authenticator app or verify your phone in your profile first.',
  locked: 'Too many wrong answers: this consent is locked. Ask your preparer to send it again.',
  smsUnavailable: 'Texted codes are not available: use another way of confirming.',
  signed: 'Consent signed.',
  declined: 'Consent declined. Nothing else changes.',
  revoked: 'Consent revoked. It stopped at once.',
  withdrawn: 'Consent withdrawn.',
  prepared: 'Consent sent to the client.',
} as const;

const recipientEmail = emailSchema;

export const consentParamsSchema = z.object({ id: idSchema });

/** POST /api/v1/consents (staff): prepare a consent for a client and send it to them. */
export const createConsentBodySchema = z
  .object({
    customer_id: idSchema,
    kind: consentKindSchema,
    purpose: multilineText().min(1).max(CONSENT_LIMITS.purpose),
    information: multilineText().min(1).max(CONSENT_LIMITS.information),
    recipient_name: text().min(1).max(CONSENT_LIMITS.recipientName).nullish(),
    recipient_email: recipientEmail.nullish(),
    /** Rev. Proc. 2013-14 5.04(1)(e): the portal never prepares a disclosure outside the United States. */
    recipient_in_us: z.boolean().nullish(),
    /** The last day the consent lasts; absent: one year from signing. */
    ends_on: isoDateSchema().nullish(),
    /** A joint household: a consent for the spouse too, naming both, each signing their own. */
    include_spouse: z.boolean().default(false),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'disclose') {
      if (!b.recipient_name)
        ctx.addIssue({ code: 'custom', path: ['recipient_name'], message: CONSENT_MESSAGES.recipientRequired });
      if (!b.recipient_email)
        ctx.addIssue({ code: 'custom', path: ['recipient_email'], message: CONSENT_MESSAGES.recipientRequired });
      if (b.recipient_in_us !== true)
        ctx.addIssue({ code: 'custom', path: ['recipient_in_us'], message: CONSENT_MESSAGES.recipientOutsideUs });
    } else if (b.recipient_name || b.recipient_email) {
      ctx.addIssue({ code: 'custom', path: ['recipient_name'], message: CONSENT_MESSAGES.recipientNotForUse });
    }
  });
export type CreateConsentBody = z.input<typeof createConsentBodySchema>;

/** POST /api/v1/consents/:id/sign (the client): the typed name, the factor and its code or password, the assent. */
export const signConsentBodySchema = z.object({
  typed_name: text()
    .min(1, { error: () => COMMON_FIELD_MESSAGES.nameRequired })
    .max(140),
  factor: consentFactorSchema,
  code: typedCodeText().optional(),
  password: secretText().max(256).optional(),
  /** The passkey's WebAuthn answer to the challenge of …/passkey-options (factor `passkey`). */
  response: authenticationResponseSchema.optional(),
  agree: z.literal(true),
});
export type SignConsentBody = z.input<typeof signConsentBodySchema>;

export const consentSignatureSchema = z.object({
  name: z.string(),
  signed_at: z.string(),
  factor: consentFactorSchema,
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  text_sha256: z.string(),
});

export const consentSummarySchema = z.object({
  id: z.string(),
  kind: consentKindSchema,
  status: consentStatusSchema,
  customer: z.object({ id: z.string(), full_name: z.string(), email: z.string() }),
  purpose: z.string(),
  recipient_name: z.string().nullable(),
  recipient_email: z.string().nullable(),
  ends_on: z.string().nullable(),
  created_at: z.string(),
  signed_at: z.string().nullable(),
  /** The first instant it is no longer in force: the end of its last day in UTC (consentLastDay, decision 0034). */
  expires_at: z.string().nullable(),
  answered_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  withdrawn_at: z.string().nullable(),
});
export type ConsentSummary = z.infer<typeof consentSummarySchema>;

/**
 * The last day a consent is in force, `YYYY-MM-DD`: the day before its `expires_at` in UTC. A consent with `ends_on`
 * 2026-12-01 is in force through 2026-12-01 (it ends at 2026-12-02 00:00 UTC: no firm time zone is configured, so
 * the day is UTC's; docs/decisions/0034). What every list, page and mail says, never `expires_at`'s own date.
 */
export const consentLastDay = (expiresAt: string | Date): string =>
  new Date(new Date(expiresAt).getTime() - 1).toISOString().slice(0, 10);

export const consentDetailSchema = consentSummarySchema.extend({
  preparer_name: z.string(),
  taxpayer_names: z.array(z.string()),
  information: z.string(),
  /** The document as sent, in English: what the signature covers. */
  body: z.string(),
  signature: consentSignatureSchema.nullable(),
  /** For the client while it waits for their answer: the factors they may sign with, and their masked phone. */
  sign_with: z.array(consentFactorSchema).optional(),
  phone: z.string().nullable().optional(),
});
export type ConsentDetail = z.infer<typeof consentDetailSchema>;

export const consentListQuerySchema = z.object({
  customer_id: idSchema.optional(),
  status: consentStatusSchema.optional(),
});
export const consentListSchema = z.object({ items: z.array(consentSummarySchema) });
export type ConsentList = z.infer<typeof consentListSchema>;

export const consentCodeSentSchema = z.object({ expires_at: z.string(), resend_after_s: z.number() });
