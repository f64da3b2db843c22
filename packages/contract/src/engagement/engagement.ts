import { z } from 'zod';
import { authenticationResponseSchema, otpCodeSchema } from '../auth/mfa.ts';
import { phoneCodeSchema } from '../auth/sign-in-methods.ts';
import { multilineText, opaqueText, secretText, text } from '../common/text.ts';
import {
  SIGNATURE_IMAGE_MAX_BYTES,
  SIGNATURE_METHODS,
  signerRoleSchema,
  signingFactorSchema,
  TAXPAYER_FACTORS,
} from '../documents/signing.ts';
import { ENGAGEMENT_MESSAGES } from './engagement-messages.ts';

/**
 * Engagement letters (issue 33, docs/decisions/0036): Admin's templates (rich text with merge fields, versioned),
 * the letters staff send for a ticket or a client's year, and their signing with Form 8879's machinery.
 */

/** The merge fields a template may use, as `{{name}}`; any other is refused on save, naming it. */
export const MERGE_FIELDS = [
  'client_name',
  'spouse_name',
  /** The client and, on a joint letter, the spouse: 'Ana Díaz and Sam Díaz' (the letter's language). */
  'client_names',
  'tax_year',
  'services',
  'firm_name',
  'firm_address',
  'date',
  'deposit',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

/** A merge field as written in a template: `{{ client_name }}` (spaces inside the braces allowed). */
export const MERGE_FIELD_PATTERN = /\{\{\s*([^{}\s]*)\s*\}\}/g;

/**
 * A letter's life: a draft (staff still editing), sent, viewed (the client first opened it), signed (every party),
 * declined (with a reason), expired (unsigned past `expires_at`), voided (staff, before it was signed).
 */
export const LETTER_STATES = ['draft', 'sent', 'viewed', 'signed', 'declined', 'expired', 'voided'] as const;
export type LetterState = (typeof LETTER_STATES)[number];
/** States a letter can still be signed, declined or voided in. */
export const OPEN_LETTER_STATES = ['sent', 'viewed'] as const satisfies readonly LetterState[];

export const TEMPLATE_BODY_MAX = 100_000;
export const DEFAULT_LETTER_EXPIRY_DAYS = 30;
/** Reminders to the client after 3 and 7 days unsigned, once each. */
export const LETTER_REMINDER_DAYS = [3, 7] as const;

export const engagementParamsSchema = z.object({ id: opaqueText().min(1).max(64) });

// ---- Templates ----

export const engagementTemplateBodySchema = z.object({
  name: text().min(1).max(120),
  /** The service type it is for (null: any); one default per service type. */
  service_type_id: opaqueText().min(1).max(64).nullable(),
  is_default: z.boolean().default(false),
  /** Rich text (the site editor's), sanitised as the site's is, with merge fields. */
  body: multilineText().min(1).max(TEMPLATE_BODY_MAX),
});
export type EngagementTemplateBody = z.input<typeof engagementTemplateBodySchema>;

export const engagementTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  service_type_id: z.string().nullable(),
  service_type_name: z.string().nullable(),
  is_default: z.boolean(),
  /** The current version: editing the body makes a new one; a sent letter keeps the text it was sent with. */
  version: z.number().int(),
  body: z.string(),
  versions: z.array(z.object({ version: z.number().int(), created_at: z.string() })),
  updated_at: z.string(),
});
export type EngagementTemplate = z.infer<typeof engagementTemplateSchema>;
export const engagementTemplateListSchema = z.object({ items: z.array(engagementTemplateSchema) });

export const engagementSettingsSchema = z.object({
  /** Days after sending an unsigned letter expires. */
  expiry_days: z.number().int().min(1).max(365),
  /**
   * A ticket stays Open until its engagement letter is signed (the ticket's own, or the client's letter for its year):
   * every move out of Open but to Cancelled is refused (409), whoever or whatever makes it. Default off.
   */
  hold_at_open_until_signed: z.boolean(),
});
export type EngagementSettings = z.infer<typeof engagementSettingsSchema>;
/** A change of the settings: the hold left out keeps what it was (a client that knows only the days). */
export const engagementSettingsBodySchema = engagementSettingsSchema.partial({ hold_at_open_until_signed: true });
export type EngagementSettingsBody = z.infer<typeof engagementSettingsBodySchema>;

// ---- Letters ----

export const letterServiceSchema = z.object({
  name: text().min(1).max(200),
  fee_cents: z.number().int().min(0).max(100_000_000),
});
export type LetterService = z.infer<typeof letterServiceSchema>;

/**
 * POST /api/v1/engagement-letters (staff): for a ticket, or for a client's year (`customer_id` and `tax_year`);
 * services and fees prefilled from the ticket's service (GET …/prefill) and editable; `send` false keeps a draft.
 */
export const createLetterBodySchema = z
  .object({
    ticket_id: opaqueText().min(1).max(64).optional(),
    customer_id: opaqueText().min(1).max(64).optional(),
    tax_year: z.number().int().min(2000).max(2100).optional(),
    /** The template (its current version); none: the default one for the ticket's service type. */
    template_id: opaqueText().min(1).max(64).optional(),
    services: z.array(letterServiceSchema).min(1).max(30).optional(),
    /**
     * A deposit asked with the letter (a ticket's letter only: 422 otherwise); billing makes its invoice when every
     * party has signed, paid by card then and credited on the ticket's invoice.
     */
    deposit_cents: z.number().int().min(1).max(100_000_000).nullable().default(null),
    send: z.boolean().default(true),
  })
  .refine((v) => !!v.ticket_id || (!!v.customer_id && v.tax_year !== undefined), {
    error: () => ENGAGEMENT_MESSAGES.ticketOrYear,
    path: ['ticket_id'],
  });
export type CreateLetterBody = z.input<typeof createLetterBodySchema>;

export const letterPrefillQuerySchema = z.object({
  ticket_id: opaqueText().min(1).max(64).optional(),
  customer_id: opaqueText().min(1).max(64).optional(),
  tax_year: z.coerce.number().int().min(2000).max(2100).optional(),
});
export const letterPrefillSchema = z.object({
  template_id: z.string().nullable(),
  services: z.array(letterServiceSchema),
  joint: z.boolean(),
});

export const letterSignerSchema = z.object({
  role: signerRoleSchema,
  name: z.string(),
  signed_at: z.string().nullable(),
  method: z.enum(SIGNATURE_METHODS).nullable(),
  factor: signingFactorSchema.nullable(),
  /** Where the part was signed from (the certificate prints it): to staff and to that signer; null to the other spouse. */
  ip: z.string().nullable(),
  /** Too many wrong codes: this part can no longer be signed (staff void the letter and send a new one). */
  locked: z.boolean(),
});

export const DEPOSIT_STATES = ['due', 'paid', 'refunded', 'cancelled'] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];

export const letterSchema = z.object({
  id: z.string(),
  state: z.enum(LETTER_STATES),
  ticket_id: z.string().nullable(),
  ticket_name: z.string().nullable(),
  customer_id: z.string(),
  customer_name: z.string(),
  tax_year: z.number().int(),
  template_id: z.string().nullable(),
  template_version: z.number().int().nullable(),
  /** The letter as rendered when it was sent (sanitised template, escaped values): what the client signs. */
  body_html: z.string(),
  /** SHA-256 of body_html, hex. */
  sha256: z.string(),
  services: z.array(letterServiceSchema),
  total_cents: z.number().int(),
  deposit_cents: z.number().int().nullable(),
  /** The deposit's invoice, made when every party has signed (GET /api/v1/invoices/{id}; paid as any invoice). */
  deposit_invoice_id: z.string().nullable(),
  /** The deposit invoice's state once made: due (to pay by card), paid, refunded or cancelled. */
  deposit: z
    .object({
      invoice_id: z.string(),
      name: z.string(),
      amount_cents: z.number().int(),
      currency: z.string(),
      status: z.enum(DEPOSIT_STATES),
    })
    .nullable(),
  joint: z.boolean(),
  signers: z.array(letterSignerSchema),
  sent_at: z.string().nullable(),
  viewed_at: z.string().nullable(),
  signed_at: z.string().nullable(),
  declined_at: z.string().nullable(),
  decline_reason: z.string().nullable(),
  voided_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** The last reminder sent (the 3- and 7-day scan's or staff's "Remind now"); another waits 24 hours after it. */
  last_reminded_at: z.string().nullable(),
  /** The signed PDF with its certificate page, a document of the ticket (GET /api/v1/documents/{id}/file). */
  signed_document_id: z.string().nullable(),
  /** The signed-in client's part, while they may sign it; null for staff and once signed. */
  signs_as: signerRoleSchema.nullable(),
  /** The signed-in client's own factors (as Form 8879's), while they may sign. */
  factors: z
    .object({
      strict: z.boolean(),
      available: z.array(z.enum(TAXPAYER_FACTORS)),
      phone: z.string().nullable(),
    })
    .nullable(),
  created_at: z.string(),
});
export type Letter = z.infer<typeof letterSchema>;

export const LETTER_LIST_SCOPES = ['all', 'unsigned'] as const;
export const letterListQuerySchema = z.object({
  scope: z.enum(LETTER_LIST_SCOPES).default('all'),
  ticket_id: opaqueText().min(1).max(64).optional(),
});
export const letterSummarySchema = letterSchema.pick({
  id: true,
  state: true,
  ticket_id: true,
  ticket_name: true,
  customer_id: true,
  customer_name: true,
  tax_year: true,
  total_cents: true,
  deposit_cents: true,
  sent_at: true,
  expires_at: true,
  signed_at: true,
  created_at: true,
});
export type LetterSummary = z.infer<typeof letterSummarySchema>;
export const letterListSchema = z.object({ items: z.array(letterSummarySchema) });

export const declineLetterBodySchema = z.object({
  reason: multilineText()
    .min(1, { error: () => ENGAGEMENT_MESSAGES.reasonRequired })
    .max(2000),
});

/** POST …/confirm: the signer's own second factor, as for Form 8879 (docs/decisions/0021-a). */
export const confirmLetterBodySchema = z.discriminatedUnion('factor', [
  z.object({ factor: z.literal('passkey'), response: authenticationResponseSchema }),
  z.object({ factor: z.literal('totp'), code: otpCodeSchema }),
  /** A recovery code, as `factors.available` names it (the same check as `totp`'s). */
  z.object({ factor: z.literal('recovery_code'), code: otpCodeSchema }),
  z.object({ factor: z.literal('sms_code'), code: phoneCodeSchema }),
  z.object({ factor: z.literal('password'), password: secretText().min(1).max(200) }),
]);
export type ConfirmLetterBody = z.input<typeof confirmLetterBodySchema>;

/** POST …/sign: the confirmation, the name typed, and a drawn (PNG data URL) or typed signature. */
export const signLetterBodySchema = z
  .object({
    confirmation: opaqueText().min(1).max(500),
    signer_name: text().min(1).max(200),
    method: z.enum(SIGNATURE_METHODS),
    signature_image: z
      .string()
      .max(Math.ceil((SIGNATURE_IMAGE_MAX_BYTES * 4) / 3) + 40)
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/)
      .optional(),
    typed_signature: text().min(1).max(200).optional(),
  })
  .refine((v) => (v.method === 'drawn' ? !!v.signature_image : !!v.typed_signature), {
    error: () => ENGAGEMENT_MESSAGES.signatureRequired,
    path: ['signature'],
  });
export type SignLetterBody = z.input<typeof signLetterBodySchema>;

/** POST …/remind (staff): the reminder went out at `reminded_at`. */
export const letterRemindedSchema = z.object({ reminded_at: z.string() });
export type LetterReminded = z.infer<typeof letterRemindedSchema>;
