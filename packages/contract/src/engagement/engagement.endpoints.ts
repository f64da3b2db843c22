import { webauthnOptionsSchema } from '../auth/mfa.ts';
import { endpoint } from '../common/endpoint.ts';
import { signerConfirmationSchema, signingSmsSentSchema } from '../documents/signing.ts';
import { STAFF_ROLES } from '../roles.ts';
import {
  confirmLetterBodySchema,
  createLetterBodySchema,
  declineLetterBodySchema,
  engagementParamsSchema,
  engagementSettingsBodySchema,
  engagementSettingsSchema,
  engagementTemplateBodySchema,
  engagementTemplateListSchema,
  engagementTemplateSchema,
  letterListQuerySchema,
  letterListSchema,
  letterPrefillQuerySchema,
  letterPrefillSchema,
  letterRemindedSchema,
  letterSchema,
  signLetterBodySchema,
} from './engagement.ts';
import {
  letterBatchBodySchema,
  letterBatchParamsSchema,
  letterBatchPreviewSchema,
  letterBatchSchema,
} from './letter-batches.ts';

// Engagement letters (issue 33, docs/decisions/0036): Admin's templates; staff send; the client signs or declines.
const tags = ['Engagement letters'];
const admin = ['Admin'] as const;

export const listEngagementTemplates = endpoint({
  method: 'GET',
  path: '/api/v1/admin/engagement-templates',
  tags,
  roles: admin,
  summary: 'The engagement letter templates, each with its current version',
  response: { 200: engagementTemplateListSchema },
});

export const createEngagementTemplate = endpoint({
  method: 'POST',
  path: '/api/v1/admin/engagement-templates',
  tags,
  roles: admin,
  summary: 'A new template (version 1): rich text with merge fields; an unknown field is refused, named',
  body: engagementTemplateBodySchema,
  response: { 201: engagementTemplateSchema },
});

export const getEngagementTemplate = endpoint({
  method: 'GET',
  path: '/api/v1/admin/engagement-templates/:id',
  tags,
  roles: admin,
  summary: 'One template: its current text and its versions',
  params: engagementParamsSchema,
  response: { 200: engagementTemplateSchema },
});

export const updateEngagementTemplate = endpoint({
  method: 'PUT',
  path: '/api/v1/admin/engagement-templates/:id',
  tags,
  roles: admin,
  summary: 'Edit a template: a changed text is a new version (sent letters keep theirs)',
  params: engagementParamsSchema,
  body: engagementTemplateBodySchema,
  response: { 200: engagementTemplateSchema },
});

export const getEngagementSettings = endpoint({
  method: 'GET',
  path: '/api/v1/admin/engagement-settings',
  tags,
  roles: STAFF_ROLES,
  summary: 'The firm’s engagement letter settings: days before an unsigned letter expires, the hold at Open',
  response: { 200: engagementSettingsSchema },
});

export const updateEngagementSettings = endpoint({
  method: 'PUT',
  path: '/api/v1/admin/engagement-settings',
  tags,
  roles: admin,
  summary:
    'Change the days before an unsigned letter expires and whether tickets stay Open until signed (Admin; audited)',
  body: engagementSettingsBodySchema,
  response: { 200: engagementSettingsSchema },
});

export const listEngagementLetters = endpoint({
  method: 'GET',
  path: '/api/v1/engagement-letters',
  tags,
  summary: 'Letters: staff see every one (scope unsigned: sent or viewed), a client their own and their spouse’s',
  query: letterListQuerySchema,
  response: { 200: letterListSchema },
});

export const prefillEngagementLetter = endpoint({
  method: 'GET',
  path: '/api/v1/engagement-letters/prefill',
  tags,
  roles: STAFF_ROLES,
  summary: "A new letter's template and services with fees, from the ticket's service in the catalogue (staff)",
  query: letterPrefillQuerySchema,
  response: { 200: letterPrefillSchema },
});

export const createEngagementLetter = endpoint({
  method: 'POST',
  path: '/api/v1/engagement-letters',
  tags,
  roles: STAFF_ROLES,
  summary: 'A letter for a ticket or a client’s year, rendered from its template; sent at once unless send is false',
  body: createLetterBodySchema,
  response: { 201: letterSchema },
});

export const getEngagementLetter = endpoint({
  method: 'GET',
  path: '/api/v1/engagement-letters/:id',
  tags,
  summary: 'One letter as sent; the client’s first open marks it viewed',
  params: engagementParamsSchema,
  response: { 200: letterSchema },
});

export const sendEngagementLetter = endpoint({
  method: 'POST',
  path: '/api/v1/engagement-letters/:id/send',
  tags,
  roles: STAFF_ROLES,
  summary: 'Send a draft letter: the client is notified in the portal and by e-mail',
  params: engagementParamsSchema,
  response: { 200: letterSchema },
});

export const voidEngagementLetter = endpoint({
  method: 'POST',
  path: '/api/v1/engagement-letters/:id/void',
  tags,
  roles: STAFF_ROLES,
  summary: 'Void a letter that is not signed yet (staff)',
  params: engagementParamsSchema,
  response: { 200: letterSchema },
});

export const remindEngagementLetter = endpoint({
  method: 'POST',
  path: '/api/v1/engagement-letters/:id/remind',
  tags,
  roles: STAFF_ROLES,
  summary:
    "Remind the client (and a joint letter's spouse not signed yet) now of a letter waiting for signature (staff; once a day)",
  params: engagementParamsSchema,
  response: { 202: letterRemindedSchema },
});

export const declineEngagementLetter = endpoint({
  method: 'POST',
  path: '/api/v1/engagement-letters/:id/decline',
  tags,
  roles: ['Customer'],
  summary: 'Decline the letter, with a reason (the client)',
  params: engagementParamsSchema,
  body: declineLetterBodySchema,
  response: { 200: letterSchema },
});

export const letterSmsCode = endpoint({
  method: 'POST',
  path: '/api/v1/engagement-letters/:id/sms-code',
  tags,
  roles: ['Customer'],
  summary: "Text the signer a code to their verified phone, to confirm before signing (as Form 8879's)",
  params: engagementParamsSchema,
  response: { 202: signingSmsSentSchema },
});

export const letterPasskeyOptions = endpoint({
  method: 'POST',
  path: '/api/v1/engagement-letters/:id/passkey-options',
  tags,
  roles: ['Customer'],
  summary: "WebAuthn options to confirm with one of the signer's passkeys before signing",
  params: engagementParamsSchema,
  response: { 200: webauthnOptionsSchema },
});

export const confirmLetterSigner = endpoint({
  method: 'POST',
  path: '/api/v1/engagement-letters/:id/confirm',
  tags,
  roles: ['Customer'],
  summary: "Confirm the signer with their own second factor (Form 8879's rules); a wrong answer is counted",
  params: engagementParamsSchema,
  body: confirmLetterBodySchema,
  response: { 200: signerConfirmationSchema },
});

export const signEngagementLetter = endpoint({
  method: 'POST',
  path: '/api/v1/engagement-letters/:id/sign',
  tags,
  roles: ['Customer'],
  summary: 'Sign your part; once every party has, the signed PDF with its certificate page is stored on the ticket',
  params: engagementParamsSchema,
  body: signLetterBodySchema,
  response: { 201: letterSchema },
});

// Letters for a season at once (docs/decisions/0036, "Bulk sending"): answered at once, sent in the background.
export const previewEngagementLetterBatch = endpoint({
  method: 'POST',
  path: '/api/v1/engagement-letters/batches/preview',
  tags,
  roles: STAFF_ROLES,
  summary: 'How many tickets a batch would send a letter to now, and why the others would be skipped (staff)',
  body: letterBatchBodySchema,
  response: { 200: letterBatchPreviewSchema },
});

export const createEngagementLetterBatch = endpoint({
  method: 'POST',
  path: '/api/v1/engagement-letters/batches',
  tags,
  roles: STAFF_ROLES,
  summary:
    'Send a letter to every ticket of a tax year (and service type), or to the tickets named (at most 5,000), that has no open or signed letter; answered 202, sent in the background',
  body: letterBatchBodySchema,
  response: { 202: letterBatchSchema },
});

export const getEngagementLetterBatch = endpoint({
  method: 'GET',
  path: '/api/v1/engagement-letters/batches/:id',
  tags,
  roles: STAFF_ROLES,
  summary: "A batch's progress: letters sent, pending, skipped (with why) and failed (any staff member)",
  params: letterBatchParamsSchema,
  response: { 200: letterBatchSchema },
});
