import { endpoint } from '../common/endpoint.ts';
import {
  confirmSignerBodySchema,
  prepareSigningBodySchema,
  signBodySchema,
  signerConfirmationSchema,
  signingParamsSchema,
  signingStateSchema,
  spouseCodeSentSchema,
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
  tags,
  summary: "Prepare Form 8879 from the firm's own PDF (staff; multipart: joint?, spouse_name?, spouse_email?, file)",
  consumes: ['multipart/form-data'],
  params: signingParamsSchema,
  response: { 201: signingStateSchema },
});

export const sendSpouseCode = endpoint({
  method: 'POST',
  path: '/api/v1/tickets/:id/signing/spouse-code',
  tags,
  summary: "E-mail the spouse a one-time code (joint returns; the taxpayer's session)",
  params: signingParamsSchema,
  response: { 200: spouseCodeSentSchema },
});

export const confirmSigner = endpoint({
  method: 'POST',
  path: '/api/v1/tickets/:id/signing/confirm',
  tags,
  summary: "Confirm the signer first: the taxpayer's password or the spouse's e-mailed code (a wrong one is counted)",
  params: signingParamsSchema,
  body: confirmSignerBodySchema,
  response: { 200: signerConfirmationSchema },
});

export const signForm = endpoint({
  method: 'POST',
  path: '/api/v1/tickets/:id/signing/sign',
  tags,
  summary: 'Sign (the confirmed signer): typed name and a drawn or typed signature; the signed PDF gets an audit page',
  params: signingParamsSchema,
  body: signBodySchema,
  response: { 201: signingStateSchema },
});
