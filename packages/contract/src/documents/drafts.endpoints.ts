import { STAFF_ROLES } from '../roles.ts';
import { endpoint } from '../common/endpoint.ts';
import {
  draftListSchema,
  draftParamsSchema,
  draftSchema,
  requestDraftChangesBodySchema,
  ticketDraftParamsSchema,
  updateDraftBodySchema,
  uploadDraftFieldsSchema,
} from './drafts.ts';

// Tax drafts (tax_draft): staff upload versions, the ticket's customer approves or asks for changes.
const tags = ['Drafts'];

export const listDrafts = endpoint({
  method: 'GET',
  path: '/api/v1/tickets/:id/drafts',
  tags,
  summary:
    "A ticket's draft versions, newest first (its customer or staff); a pending version whose ticket left Draft Ready reads not_reviewed",
  params: ticketDraftParamsSchema,
  response: { 200: draftListSchema },
});

/** Multipart: the fields are read part by part (uploadDraftFieldsSchema). */
export const uploadDraft = endpoint({
  method: 'POST',
  path: '/api/v1/tickets/:id/drafts',
  roles: STAFF_ROLES,
  tags,
  summary:
    'Upload a draft version (staff; multipart: label?, note?, then file: a PDF ≤ 10 MB). The ticket moves to Draft Ready',
  consumes: ['multipart/form-data'],
  form: {
    fields: uploadDraftFieldsSchema,
    files: { file: { description: 'The draft: a PDF ≤ 10 MB, sent after the fields' } },
  },
  params: ticketDraftParamsSchema,
  response: { 201: draftSchema },
});

export const updateDraftLabel = endpoint({
  method: 'PATCH',
  path: '/api/v1/tickets/:id/drafts/:draftId',
  roles: STAFF_ROLES,
  tags,
  summary: "Change a draft's label: Draft, CPA Reviewed or Sample only (staff)",
  params: draftParamsSchema,
  body: updateDraftBodySchema,
  response: { 200: draftSchema },
});

export const approveDraft = endpoint({
  method: 'POST',
  path: '/api/v1/tickets/:id/drafts/:draftId/approve',
  roles: ['Customer'],
  tags,
  summary:
    "Approve the current draft (the ticket's customer) while the ticket is in Draft Ready (409 once it moved on): the ticket moves to Draft Finalised",
  params: draftParamsSchema,
  response: { 200: draftSchema },
});

export const requestDraftChanges = endpoint({
  method: 'POST',
  path: '/api/v1/tickets/:id/drafts/:draftId/request-changes',
  roles: ['Customer'],
  tags,
  summary:
    "Ask for changes to the current draft (the ticket's customer): the message goes on the conversation, the ticket back to Tax Preparation",
  params: draftParamsSchema,
  body: requestDraftChangesBodySchema,
  response: { 200: draftSchema },
});
