import { z } from 'zod';
import { opaqueText, secretText, text, typedCodeText } from '../common/text.ts';
import { AUTH_FIELD_MESSAGES } from './field-messages.ts';
import { COMMON_FIELD_MESSAGES } from '../common/field-messages.ts';

/**
 * Second factors: TOTP with one-time recovery codes, and passkeys (WebAuthn). Required for staff, optional for
 * customers (docs/decisions/0019-a-second-factor-policy.md).
 */
export const MFA_MESSAGES = {
  /** The password was right; the account asks for its second factor (401, field `otp`). */
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  /** The password was right; the account's only second factor is a passkey (401, field `passkey`). */
  passkeyRequired: 'Finish signing in with your passkey.',
  codeInvalid: 'That code is not right, or it was used already.',
  setupRequired: 'Set up a second factor (an authenticator app or a passkey) before you continue.',
  notSetUp: 'Start the set-up again: no authenticator app is waiting for its first code.',
  alreadyEnabled: 'An authenticator app is already set up. Turn it off first to set up another.',
  notEnabled: 'No authenticator app is set up.',
  passwordWrong: 'Incorrect password',
  disabled: 'The authenticator app is turned off.',
  staffNeedFactor: 'Staff keep at least one second factor: add a passkey or an authenticator app first.',
  passkeyFailed: 'The passkey could not be verified. Try again.',
  passkeyRemoved: 'Passkey removed.',
  factorsReset: "The person's second factors were removed; they set one up at their next sign-in.",
} as const;

/** A TOTP code or a recovery code as typed (spaces and dashes allowed). */
export const otpCodeSchema = typedCodeText().min(1, { error: () => AUTH_FIELD_MESSAGES.codeRequired });

export const mfaSetupSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauth_uri: z.string(),
  /** The otpauth URI as a QR code (PNG data URL). */
  qr_data_url: z.string(),
});
export const mfaEnableBodySchema = z.object({ code: otpCodeSchema });
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export const mfaDisableBodySchema = z.object({
  password: secretText()
    .min(1, { error: () => COMMON_FIELD_MESSAGES.passwordRequired })
    .max(1024),
  code: otpCodeSchema,
});

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const mfaStatusSchema = z.object({
  totp_enabled: z.boolean(),
  recovery_codes_left: z.int(),
  passkeys: z.array(passkeySchema),
  /** Staff must keep a factor: the panel does not offer to remove the last one. */
  required: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

const b64url = () => opaqueText().max(4096);
const transportSchema = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const extensionResultsSchema = z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() });

/** What navigator.credentials.create() gave, as @simplewebauthn/browser's startRegistration returns it. */
export const registrationResponseSchema = z.object({
  id: b64url(),
  rawId: b64url(),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(),
    attestationObject: b64url(),
    authenticatorData: b64url().optional(),
    transports: z.array(transportSchema).max(8).optional(),
    publicKeyAlgorithm: z.int().optional(),
    publicKey: b64url().optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResultsSchema,
});
/** What navigator.credentials.get() gave (startAuthentication). */
export const authenticationResponseSchema = z.object({
  id: b64url(),
  rawId: b64url(),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(),
    authenticatorData: b64url(),
    signature: b64url(),
    userHandle: b64url().optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResultsSchema,
});

/** The options the browser hands to navigator.credentials (WebAuthn's JSON form); passed through as given. */
export const webauthnOptionsSchema = z.looseObject({ challenge: z.string() });
export const passkeyRegisterBodySchema = z.object({
  response: registrationResponseSchema,
  name: text().min(1).max(80).optional(),
});
export const passkeyLoginBodySchema = z.object({
  response: authenticationResponseSchema,
  trust_device: z.boolean().optional(),
});
export const passkeyParamsSchema = z.object({ id: opaqueText().max(1024) });
export const passkeyRenameBodySchema = z.object({
  name: text()
    .min(1, { error: () => COMMON_FIELD_MESSAGES.nameRequired })
    .max(80),
});
export const staffFactorsParamsSchema = z.object({ id: opaqueText().max(64) });
