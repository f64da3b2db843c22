import { webauthnOptionsSchema } from '../auth/mfa.ts';
import { endpoint } from '../common/endpoint.ts';
import { STAFF_ROLES } from '../roles.ts';
import {
  consentCodeSentSchema,
  consentDetailSchema,
  consentListQuerySchema,
  consentListSchema,
  consentParamsSchema,
  createConsentBodySchema,
  signConsentBodySchema,
} from './consents.ts';

const tags = ['Consents'];

export const listConsents = endpoint({
  method: 'GET',
  path: '/api/v1/consents',
  tags,
  summary: "§7216 consents: a client's own; staff all, or one client's (customer_id), newest first (at most 200)",
  query: consentListQuerySchema,
  response: { 200: consentListSchema },
});

export const getConsent = endpoint({
  method: 'GET',
  path: '/api/v1/consents/:id',
  tags,
  summary: 'One consent with its document as sent and its signature; another client’s is 404',
  params: consentParamsSchema,
  response: { 200: consentDetailSchema },
});

/** A PDF file: the browser follows the link, nothing is parsed. */
export const getConsentPdf = endpoint({
  method: 'GET',
  path: '/api/v1/consents/:id/pdf',
  answers: { 200: { description: 'The signed consent', contentType: 'application/pdf' } },
  tags,
  summary: 'A signed consent as a PDF: its text as signed and a certificate of signature; another client’s is 404',
  description:
    'The text with its mandatory statements, who signed, when (UTC), from which IP and user agent, the factor and ' +
    'the SHA-256 of the text signed. 409 for a consent never signed.',
  params: consentParamsSchema,
  errors: [409],
});

export const createConsent = endpoint({
  method: 'POST',
  path: '/api/v1/consents',
  roles: STAFF_ROLES,
  tags,
  summary: 'Prepare a consent to use or to disclose for a client (and their spouse) and send it to them',
  description:
    'The document carries the mandatory statements of Rev. Proc. 2013-14 section 5.04(1) and is stored as sent. ' +
    'A disclosure names a recipient in the United States (422 otherwise). 201 with the first consent made.',
  body: createConsentBodySchema,
  response: { 201: consentDetailSchema },
});

export const withdrawConsent = endpoint({
  method: 'POST',
  path: '/api/v1/consents/:id/withdraw',
  roles: STAFF_ROLES,
  tags,
  summary: 'Withdraw a consent the client has not answered yet (409 once answered)',
  params: consentParamsSchema,
  response: { 200: consentDetailSchema },
  errors: [409],
});

export const sendConsentCode = endpoint({
  method: 'POST',
  path: '/api/v1/consents/:id/code',
  roles: ['Customer'],
  sessionOnly: 'Sign a consent signed in as yourself.',
  tags,
  summary: 'Text a code to the signer’s verified phone, to sign this consent with',
  params: consentParamsSchema,
  response: { 202: consentCodeSentSchema },
  errors: [409],
});

export const consentPasskeyOptions = endpoint({
  method: 'POST',
  path: '/api/v1/consents/:id/passkey-options',
  roles: ['Customer'],
  sessionOnly: 'Sign a consent signed in as yourself.',
  tags,
  summary: "WebAuthn options to sign this consent with one of the signer's own passkeys",
  params: consentParamsSchema,
  response: { 200: webauthnOptionsSchema },
  errors: [409],
});

export const signConsent = endpoint({
  method: 'POST',
  path: '/api/v1/consents/:id/sign',
  roles: ['Customer'],
  sessionOnly: 'Sign a consent signed in as yourself.',
  tags,
  summary: 'Sign the consent: typed full name, a factor (code or password per the firm’s rule), assent',
  description:
    'Records who, when, IP, user agent, the factor and the SHA-256 of the document signed; the consent is then ' +
    'immutable. 409 when it no longer waits for an answer (withdrawn, declined, expired).',
  params: consentParamsSchema,
  body: signConsentBodySchema,
  response: { 200: consentDetailSchema },
  errors: [409],
});

export const declineConsent = endpoint({
  method: 'POST',
  path: '/api/v1/consents/:id/decline',
  roles: ['Customer'],
  tags,
  summary: 'Decline the consent: nothing else changes',
  params: consentParamsSchema,
  response: { 200: consentDetailSchema },
  errors: [409],
});

export const revokeConsent = endpoint({
  method: 'POST',
  path: '/api/v1/consents/:id/revoke',
  roles: ['Customer'],
  tags,
  summary: 'Revoke a signed consent: it stops at once (a share link it allowed dies at its next open)',
  params: consentParamsSchema,
  response: { 200: consentDetailSchema },
  errors: [409],
});
