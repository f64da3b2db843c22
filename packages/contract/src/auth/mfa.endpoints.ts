import { MESSAGES } from '../messages.ts';
import { endpoint, noContentResponse } from '../common/endpoint.ts';
import {
  mfaDisableBodySchema,
  mfaEnableBodySchema,
  mfaSetupSchema,
  mfaStatusSchema,
  passkeyLoginBodySchema,
  passkeyParamsSchema,
  passkeyRegisterBodySchema,
  passkeyRenameBodySchema,
  passkeySchema,
  recoveryCodesSchema,
  staffFactorsParamsSchema,
  webauthnOptionsSchema,
} from './mfa.ts';
import { messageSchema } from './password-reset.ts';
import { sessionSchema } from './session.ts';

const tags = ['Accounts'];

export const getMfaStatus = endpoint({
  method: 'GET',
  path: '/api/v1/auth/mfa',
  tags,
  summary: "The caller's second factors",
  response: { 200: mfaStatusSchema },
});

export const setupMfa = endpoint({
  method: 'POST',
  path: '/api/v1/auth/mfa/setup',
  sessionOnly: MESSAGES.sessionOnly,
  tags,
  summary: 'Start TOTP set-up: a new secret, its otpauth URI and QR code (confirmed by /mfa/enable)',
  response: { 200: mfaSetupSchema },
});

export const enableMfa = endpoint({
  method: 'POST',
  path: '/api/v1/auth/mfa/enable',
  sessionOnly: MESSAGES.sessionOnly,
  tags,
  summary: 'Confirm TOTP set-up with a code; answers ten one-time recovery codes, shown this once',
  body: mfaEnableBodySchema,
  response: { 200: recoveryCodesSchema },
});

export const disableMfa = endpoint({
  method: 'POST',
  path: '/api/v1/auth/mfa/disable',
  sessionOnly: MESSAGES.sessionOnly,
  tags,
  summary: 'Turn TOTP off (password and a code); staff keep at least one factor',
  body: mfaDisableBodySchema,
  response: { 200: messageSchema },
});

export const passkeyRegisterOptions = endpoint({
  method: 'POST',
  path: '/api/v1/auth/passkeys/register/options',
  sessionOnly: MESSAGES.sessionOnly,
  tags,
  summary: 'WebAuthn options to create a passkey for the caller',
  response: { 200: webauthnOptionsSchema },
});

export const passkeyRegisterVerify = endpoint({
  method: 'POST',
  path: '/api/v1/auth/passkeys/register/verify',
  sessionOnly: MESSAGES.sessionOnly,
  tags,
  summary: 'Store the passkey the browser created',
  body: passkeyRegisterBodySchema,
  response: { 201: passkeySchema },
});

export const passkeyLoginOptions = endpoint({
  method: 'POST',
  path: '/api/v1/auth/passkeys/login/options',
  public: true,
  tags,
  summary: 'WebAuthn options to sign in with a passkey (discoverable: no e-mail needed)',
  response: { 200: webauthnOptionsSchema },
});

export const passkeyLoginVerify = endpoint({
  method: 'POST',
  path: '/api/v1/auth/passkeys/login/verify',
  public: true,
  tags,
  summary: 'Sign in with a passkey (counts as both factors)',
  body: passkeyLoginBodySchema,
  response: { 200: sessionSchema },
});

export const renamePasskey = endpoint({
  method: 'PATCH',
  path: '/api/v1/auth/passkeys/:id',
  sessionOnly: MESSAGES.sessionOnly,
  tags,
  summary: 'Rename one of the caller’s passkeys',
  params: passkeyParamsSchema,
  body: passkeyRenameBodySchema,
  response: { 200: passkeySchema },
});

export const deletePasskey = endpoint({
  method: 'DELETE',
  path: '/api/v1/auth/passkeys/:id',
  sessionOnly: MESSAGES.sessionOnly,
  tags,
  summary: 'Remove one of the caller’s passkeys; staff keep at least one factor',
  params: passkeyParamsSchema,
  response: noContentResponse,
});

export const resetStaffFactors = endpoint({
  method: 'DELETE',
  path: '/api/v1/admin/staff/:id/factors',
  roles: ['Admin'],
  tags: ['Admin'],
  summary: "Admin: remove a person's second factors and end their sessions (audited)",
  params: staffFactorsParamsSchema,
  response: noContentResponse,
});
