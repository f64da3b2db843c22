import { z } from 'zod';
import { opaqueText, secretText, text } from '../common/text.ts';
import { emailSchema, phoneSchema } from '../common/fields.ts';
import { authenticationResponseSchema, otpCodeSchema } from '../auth/mfa.ts';
import { phoneCodeSchema } from '../auth/sign-in-methods.ts';
import { DOCUMENT_FIELD_MESSAGES } from './field-messages.ts';

/** Form 8879, the IRS e-file signature authorisation: who signs it. */
export const SIGNER_ROLES = ['taxpayer', 'spouse'] as const;
export const signerRoleSchema = z.enum(SIGNER_ROLES);
export type SignerRole = (typeof SIGNER_ROLES)[number];

export const SIGNATURE_METHODS = ['drawn', 'typed'] as const;
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];

/** Signed forms are kept at least this long (IRS: 3 years); the vault refuses to delete them before. */
export const SIGNED_8879_RETENTION_YEARS = 3;
/** A drawn signature arrives as a PNG data URL no larger than this. */
export const SIGNATURE_IMAGE_MAX_BYTES = 300_000;
export const MAX_SIGNING_FAILURES = 5;

/**
 * How a signer proved who they are (docs/decisions/0021-a): a passkey, an authenticator app's code, a recovery
 * code, a code texted to their phone; or, only where the firm switched the stricter check off, the taxpayer's
 * password and the spouse's e-mailed code.
 */
export const SIGNING_FACTORS = ['passkey', 'totp', 'recovery_code', 'sms_code', 'password', 'email_code'] as const;
export const signingFactorSchema = z.enum(SIGNING_FACTORS);
export type SigningFactor = (typeof SIGNING_FACTORS)[number];
/** What the taxpayer may be offered: a TOTP or recovery code is typed into one field. */
export const TAXPAYER_FACTORS = ['passkey', 'totp', 'recovery_code', 'sms_code', 'password'] as const;
export const SPOUSE_FACTORS = ['sms_code', 'email_code'] as const;

export const signerSchema = z.object({
  role: signerRoleSchema,
  name: z.string(),
  /** Masked for the customer's own view of the spouse (j***@example.com); full for staff. */
  email: z.string(),
  signed_at: z.string().nullable(),
  method: z.enum(SIGNATURE_METHODS).nullable(),
  /** The factor the signer confirmed with. */
  confirmation: signingFactorSchema.nullable(),
  /** For an SMS code: the number it went to, masked (••••1234). */
  confirmation_phone: z.string().nullable(),
  /** Password or e-mailed code because the firm had switched the stricter check off. */
  stricter_check_off: z.boolean(),
  ip: z.string().nullable(),
  /** The signed PDF made at this signature: GET /api/v1/documents/{id}/file. */
  signed_document_id: z.string().nullable(),
});
export type Signer = z.infer<typeof signerSchema>;

export const signingRequestSchema = z.object({
  id: z.string(),
  ticket_id: z.string(),
  status: z.enum(['pending', 'completed', 'replaced']),
  source: z.enum(['generated', 'uploaded']),
  /** The unsigned form: GET /api/v1/documents/{id}/file?disposition=inline. */
  document_id: z.string(),
  unsigned_sha256: z.string(),
  joint: z.boolean(),
  signers: z.array(signerSchema),
  /** The latest signed PDF (every signature so far), once anyone has signed. */
  signed_document_id: z.string().nullable(),
  retain_until: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  spouse_code_sent: z.boolean(),
  /**
   * A joint return whose spouse has their own account (a joint ticket's spouse, docs/decisions/0032): they sign their
   * part signed in as themselves, with their own factor; the taxpayer cannot sign it for them.
   */
  spouse_account: z.boolean().optional(),
});
export type SigningRequest = z.infer<typeof signingRequestSchema>;

/**
 * The ways the signed-in customer (and their spouse, on a joint return) can confirm now: only the factors they
 * actually have. Empty `taxpayer` with `strict`: set a factor up first (Security page, or verify the phone).
 */
export const signingFactorsSchema = z.object({
  /** The firm's stricter check (second factor at signing); off: password and e-mailed code. */
  strict: z.boolean(),
  /**
   * The signed-in person's own factors: the taxpayer's, or those of a spouse signing with their own account (the
   * state's `signs_as` says which part they sign).
   */
  taxpayer: z.array(z.enum(TAXPAYER_FACTORS)),
  /** The verified phone an SMS code goes to, masked (••••1234). */
  taxpayer_phone: z.string().nullable(),
  spouse: z.array(z.enum(SPOUSE_FACTORS)),
  spouse_phone: z.string().nullable(),
});
export type SigningFactors = z.infer<typeof signingFactorsSchema>;

/** GET /api/v1/tickets/:id/signing: the current Form 8879 request, or null before staff prepare one. */
export const signingStateSchema = z.object({
  request: signingRequestSchema.nullable(),
  /** The ticket's customer (or a spouse signing with their own account) only, while a request is pending. */
  factors: signingFactorsSchema.nullable(),
  /** The part of the form the signed-in customer signs: the taxpayer's, or the spouse's with their account. */
  signs_as: signerRoleSchema.nullable().optional(),
  /** Signing is open only while the ticket is Ready For IRS Filing. */
  can_sign: z.boolean(),
  /** Staff only: what the questionnaire says (filing status married_joint, the spouse's name), for the prepare form. */
  suggestion: z.object({ joint: z.boolean(), spouse_name: z.string().nullable() }).nullable(),
});
export type SigningState = z.infer<typeof signingStateSchema>;

export const signingParamsSchema = z.object({ id: text().min(1).max(64) });

const jointFields = {
  joint: z.boolean().default(false),
  spouse_name: text().min(1).max(200).optional(),
  spouse_email: emailSchema.optional(),
  /** The spouse's mobile (E.164): the spouse confirms with a code texted there. */
  spouse_phone: phoneSchema.optional(),
};
const requireSpouse = (v: { joint: boolean; spouse_name?: string | undefined; spouse_email?: string | undefined }) =>
  !v.joint || (!!v.spouse_name && !!v.spouse_email);
const spouseIssue = { error: () => DOCUMENT_FIELD_MESSAGES.spouseRequired, path: ['spouse_email'] };

/**
 * POST /api/v1/tickets/:id/signing (staff): generate the 8879 from the ticket (taxpayer, tax year, firm).
 * POST /api/v1/tickets/:id/signing/upload (staff): multipart, `file` (the firm's PDF) with the same fields.
 */
export const prepareSigningBodySchema = z.object(jointFields).refine(requireSpouse, spouseIssue);
export type PrepareSigningBody = z.input<typeof prepareSigningBodySchema>;
export const prepareSigningFieldsSchema = z
  .object({
    ...jointFields,
    joint: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
  })
  .refine(requireSpouse, spouseIssue);

/**
 * POST …/signing/spouse-code: a one-time code for the spouse (joint returns): texted to the spouse's phone, or,
 * without one and only where the firm switched the stricter check off, e-mailed.
 */
export const spouseCodeSentSchema = z.object({
  sent_to: z.string(),
  expires_at: z.string(),
  channel: z.enum(['sms', 'email']),
});
/** POST …/signing/sms-code: a code texted to the taxpayer's verified phone. */
export const signingSmsSentSchema = z.object({
  sent_to: z.string(),
  expires_at: z.string(),
  resend_after_s: z.number().int(),
});

/**
 * POST …/signing/confirm: the taxpayer's second factor (a passkey assertion for the options of
 * …/signing/passkey-options, an authenticator or recovery code, or the texted code), or the password where the
 * firm switched the stricter check off; the spouse's texted (or e-mailed) code.
 */
const ownFactors = <S extends SignerRole>(signer: S) =>
  [
    z.object({ signer: z.literal(signer), factor: z.literal('passkey'), response: authenticationResponseSchema }),
    z.object({
      signer: z.literal(signer),
      /** An authenticator app's 6 digits or a recovery code (xxxxx-xxxxx): told apart by their shape. */
      factor: z.literal('totp'),
      code: otpCodeSchema,
    }),
    /** A recovery code, as the signer's `factors` name it (the same check as `totp`'s). */
    z.object({ signer: z.literal(signer), factor: z.literal('recovery_code'), code: otpCodeSchema }),
    z.object({ signer: z.literal(signer), factor: z.literal('sms_code'), code: phoneCodeSchema }),
    z.object({
      signer: z.literal(signer),
      factor: z.literal('password'),
      password: secretText()
        .min(1, { error: () => DOCUMENT_FIELD_MESSAGES.passwordRequired })
        .max(200),
    }),
  ] as const;

/**
 * The spouse: with their own account (docs/decisions/0032), their own factor as the taxpayer's; without one, the
 * code texted (or e-mailed) to them (`factor` 'code' or none).
 */
export const confirmSignerBodySchema = z.discriminatedUnion('signer', [
  z.discriminatedUnion('factor', ownFactors('taxpayer')),
  z.discriminatedUnion('factor', [
    ...ownFactors('spouse'),
    z.object({ signer: z.literal('spouse'), factor: z.literal('code').optional(), code: phoneCodeSchema }),
  ]),
]);
export type ConfirmSignerBody = z.input<typeof confirmSignerBodySchema>;

/** GET/PUT /api/v1/admin/signing-settings (Admin): the firm's stricter check at signing, on by default. */
export const signingSettingsSchema = z.object({ strict_identity: z.boolean() });
export type SigningSettings = z.infer<typeof signingSettingsSchema>;
export const signerConfirmationSchema = z.object({ confirmation: z.string(), expires_at: z.string() });
export type SignerConfirmation = z.infer<typeof signerConfirmationSchema>;

/** POST …/signing/sign: the name typed and a drawn (PNG data URL) or typed signature. */
export const signBodySchema = z
  .object({
    signer: signerRoleSchema,
    confirmation: opaqueText().min(1).max(500),
    signer_name: text()
      .min(1, { error: () => DOCUMENT_FIELD_MESSAGES.signerName })
      .max(200),
    method: z.enum(SIGNATURE_METHODS),
    signature_image: z
      .string()
      .max(Math.ceil((SIGNATURE_IMAGE_MAX_BYTES * 4) / 3) + 40)
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, { error: () => DOCUMENT_FIELD_MESSAGES.signaturePng })
      .optional(),
    typed_signature: text().min(1).max(200).optional(),
  })
  .refine((v) => (v.method === 'drawn' ? !!v.signature_image : !!v.typed_signature), {
    error: () => DOCUMENT_FIELD_MESSAGES.signatureRequired,
    path: ['signature'],
  });
export type SignBody = z.input<typeof signBodySchema>;

export const SIGNING_MESSAGES = {
  notReady: 'The return can be signed only when the ticket is Ready For IRS Filing.',
  noRequest: 'Form 8879 has not been prepared for this ticket yet.',
  alreadySigned: 'This signer has already signed Form 8879.',
  alreadyStarted: 'Someone has already signed this Form 8879; it cannot be replaced.',
  notJoint: 'This return has no spouse signer.',
  wrongPassword: 'The password is not correct.',
  wrongCode: 'The code is not correct or has expired.',
  alreadyConfirmed: 'This code has just confirmed you: go on to sign.',
  tooManyFailures: 'Too many failed attempts. Ask your tax preparer to prepare the form again.',
  confirmationInvalid: 'Your confirmation has expired. Confirm again, then sign.',
  nameMismatch: 'Type your full name as it appears on the form.',
  badSignature: 'The drawn signature could not be read. Draw it again.',
  ticketClosed: 'Form 8879 cannot be prepared for a closed ticket.',
  notPdf: 'Form 8879 must be a PDF file.',
  noFactor:
    'Set up a second factor to sign: a passkey or an authenticator app on your Security page, or verify your mobile phone on your profile.',
  factorUnavailable: 'This way of confirming is not set up for you. Choose another.',
  passwordOff: 'Confirm with your second factor: your firm asks for one to sign.',
  spousePhoneRequired: "Give the spouse's mobile phone: the spouse confirms with a code texted there.",
  spouseNoPhone:
    'Your spouse confirms with a code texted to their mobile phone. Ask your tax preparer to add it to Form 8879.',
  smsOff: 'Text messages are not available. Choose another way to confirm.',
  noVerifiedPhone: 'Verify your mobile phone on your profile first.',
  spouseSignsOwn: 'Your spouse signs their part of Form 8879 signed in with their own account.',
} as const;
