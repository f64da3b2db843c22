import { STAFF_ROLES } from '../roles.ts';
import { endpoint } from '../common/endpoint.ts';
import { webauthnOptionsSchema } from '../auth/mfa.ts';
import {
  signingSettingsSchema,
  signingSmsSentSchema,
  confirmSignerBodySchema,
  prepareSigningBodySchema,
  signBodySchema,
  signerConfirmationSchema,
  signingParamsSchema,
  signingStateSchema,
  spouseCodeSentSchema,
  prepareSigningFieldsSchema,
} from './signing.ts';

// Form 8879, the IRS e-file signature authorisation: staff prepare it, the taxpayer (and spouse) sign.
const tags = ['E-signing'];

export const getSigning = endpoint({
  method: 'GET',
  path: '/api/v1/tickets/:id/signing',
  tags,
  summary: "The ticket's Form 8879: who has signed and when, the unsigned and signed documents",
  params: signingParamsSchema,
  response: { 200: signingStateSchema },
});

export const prepareSigning = endpoint({
  method: 'POST',
  path: '/api/v1/tickets/:id/signing',
  roles: STAFF_ROLES,
  tags,
  summary: 'Prepare Form 8879 from the ticket (staff): taxpayer, tax year, firm; joint returns name the spouse',
  params: signingParamsSchema,
  body: prepareSigningBodySchema,
  response: { 201: signingStateSchema },
});

/** Multipart: the fields are read part by part (prepareSigningFieldsSchema). */
export const uploadSigningForm = endpoint({
  method: 'POST',
  path: '/api/v1/tickets/:id/signing/upload',
  roles: STAFF_ROLES,
  tags,
  summary: "Prepare Form 8879 from the firm's own PDF (staff; multipart: joint?, spouse_name?, spouse_email?, file)",
  consumes: ['multipart/form-data'],
  form: {
    fields: prepareSigningFieldsSchema,
    files: { file: { description: "The firm's Form 8879: a PDF ≤ 10 MB" } },
  },
  params: signingParamsSchema,
  response: { 201: signingStateSchema },
});

export const sendSpouseCode = endpoint({
  method: 'POST',
  path: '/api/v1/tickets/:id/signing/spouse-code',
  roles: ['Customer'],
  tags,
  summary:
    "A one-time code for the spouse (joint returns; the taxpayer's session): texted to the spouse's phone, or e-mailed where the firm switched the stricter check off",
  params: signingParamsSchema,
  response: { 200: spouseCodeSentSchema },
});

export const confirmSigner = endpoint({
  method: 'POST',
  path: '/api/v1/tickets/:id/signing/confirm',
  roles: ['Customer'],
  tags,
  summary:
    "Confirm the signer first: the taxpayer's second factor (passkey, authenticator or recovery code, texted code), the spouse's code; a wrong one is counted",
  params: signingParamsSchema,
  body: confirmSignerBodySchema,
  response: { 200: signerConfirmationSchema },
});

export const signForm = endpoint({
  method: 'POST',
  path: '/api/v1/tickets/:id/signing/sign',
  roles: ['Customer'],
  tags,
  summary: 'Sign (the confirmed signer): typed name and a drawn or typed signature; the signed PDF gets an audit page',
  params: signingParamsSchema,
  body: signBodySchema,
  response: { 201: signingStateSchema },
});

export const sendSigningSmsCode = endpoint({
  method: 'POST',
  path: '/api/v1/tickets/:id/signing/sms-code',
  roles: ['Customer'],
  tags,
  summary: 'Text the taxpayer a one-time code to their verified phone, to confirm before signing',
  params: signingParamsSchema,
  response: { 202: signingSmsSentSchema },
});

export const signingPasskeyOptions = endpoint({
  method: 'POST',
  path: '/api/v1/tickets/:id/signing/passkey-options',
  roles: ['Customer'],
  tags,
  summary: "WebAuthn options to confirm with one of the taxpayer's passkeys before signing",
  params: signingParamsSchema,
  response: { 200: webauthnOptionsSchema },
});

export const getSigningSettings = endpoint({
  method: 'GET',
  path: '/api/v1/admin/signing-settings',
  roles: ['Admin'],
  tags,
  summary:
    "The firm's identity check at signing: a second factor (on, the default) or password and e-mailed code (Admin)",
  response: { 200: signingSettingsSchema },
});

export const updateSigningSettings = endpoint({
  method: 'PUT',
  path: '/api/v1/admin/signing-settings',
  roles: ['Admin'],
  tags,
  summary: 'Switch the stricter identity check at signing on or off (Admin; audited)',
  body: signingSettingsSchema,
  response: { 200: signingSettingsSchema },
});
