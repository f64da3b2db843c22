import { endpoint } from '../common/endpoint.ts';
import { contactParamsSchema } from '../contacts/contacts.ts';
import { STAFF_ROLES } from '../roles.ts';
import {
  clientImportListSchema,
  clientImportParamsSchema,
  clientImportSchema,
  clientImportsQuerySchema,
  commitResultSchema,
  importCountsSchema,
  importRowListSchema,
  importRowsQuerySchema,
  putImportMappingBodySchema,
} from './client-import.ts';
import {
  clientInvitationListSchema,
  clientInvitationParamsSchema,
  resendInvitationBodySchema,
  clientInvitationSchema,
  clientInvitationsQuerySchema,
  clientNotesSchema,
  inviteClientsBodySchema,
  inviteClientsResultSchema,
  openClientInvitationBodySchema,
  openClientInvitationResultSchema,
} from './client-invitations.ts';

// Admin's import of a client list from CSV (issue 32): each import is its Admin's own (another's id: 404).
const tags = ['Client import'];
const roles = ['Admin'] as const;

export const uploadClientImport = endpoint({
  method: 'POST',
  path: '/api/v1/admin/client-imports',
  roles,
  tags,
  summary:
    'Upload a CSV of clients (multipart `file`, ≤ 10 MB, ≤ 20,000 rows): its header, first rows, a mapping guess',
  consumes: ['multipart/form-data'],
  form: { files: { file: { description: 'The CSV (comma, semicolon or tab separated; UTF-8 or Windows-1252)' } } },
  response: { 201: clientImportSchema },
});

export const listClientImports = endpoint({
  method: 'GET',
  path: '/api/v1/admin/client-imports',
  roles,
  tags,
  summary: "The caller's imports, newest first, a page at a time",
  query: clientImportsQuerySchema,
  response: { 200: clientImportListSchema },
});

export const getClientImport = endpoint({
  method: 'GET',
  path: '/api/v1/admin/client-imports/:id',
  roles,
  tags,
  summary: 'An import: header, sample rows, mapping, counts',
  params: clientImportParamsSchema,
  response: { 200: clientImportSchema },
});

export const putClientImportMapping = endpoint({
  method: 'PUT',
  path: '/api/v1/admin/client-imports/:id/mapping',
  roles,
  tags,
  summary: 'Map the columns (target → column index); a new dry run is then needed',
  params: clientImportParamsSchema,
  body: putImportMappingBodySchema,
  response: { 200: clientImportSchema },
  errors: [409],
});

export const dryRunClientImport = endpoint({
  method: 'POST',
  path: '/api/v1/admin/client-imports/:id/dry-run',
  roles,
  tags,
  summary: 'Read the file again with its mapping: rows to create, duplicates, invalid rows. Creates no client',
  params: clientImportParamsSchema,
  response: { 200: importCountsSchema },
  errors: [409],
});

export const listClientImportRows = endpoint({
  method: 'GET',
  path: '/api/v1/admin/client-imports/:id/rows',
  roles,
  tags,
  summary: 'The rows of the last dry run with one outcome, by line',
  params: clientImportParamsSchema,
  query: importRowsQuerySchema,
  response: { 200: importRowListSchema },
});

export const commitClientImport = endpoint({
  method: 'POST',
  path: '/api/v1/admin/client-imports/:id/commit',
  roles,
  tags,
  summary: 'Create the clients of the dry run (duplicates checked again); a second commit creates nothing',
  params: clientImportParamsSchema,
  response: { 200: commitResultSchema },
  errors: [409],
});

export const inviteImportedClients = endpoint({
  method: 'POST',
  path: '/api/v1/admin/client-imports/:id/invitations',
  roles,
  tags,
  summary: 'Invite the imported clients (all, or user_ids) by e-mail or text: queued, sent in the background',
  params: clientImportParamsSchema,
  body: inviteClientsBodySchema,
  response: { 202: inviteClientsResultSchema },
  errors: [409],
});

export const listClientInvitations = endpoint({
  method: 'GET',
  path: '/api/v1/admin/client-imports/:id/invitations',
  roles,
  tags,
  summary: "The import's invitations with their state, filterable by state",
  params: clientImportParamsSchema,
  query: clientInvitationsQuerySchema,
  response: { 200: clientInvitationListSchema },
});

export const resendClientInvitation = endpoint({
  method: 'POST',
  path: '/api/v1/admin/client-imports/:id/invitations/:invitationId/resend',
  roles,
  tags,
  summary: 'Send an invitation again with a new link; the old link stops working at once',
  params: clientInvitationParamsSchema,
  body: resendInvitationBodySchema.nullish(),
  response: { 202: clientInvitationSchema },
  errors: [409],
});

export const resendUnopenedClientInvitations = endpoint({
  method: 'POST',
  path: '/api/v1/admin/client-imports/:id/invitations/resend-unopened',
  roles,
  tags,
  summary: 'Send again every invitation not opened (sent or bounced), each with a new link',
  params: clientImportParamsSchema,
  response: { 202: inviteClientsResultSchema },
});

export const openClientInvitation = endpoint({
  method: 'POST',
  path: '/api/v1/client-invitations/open',
  public: true,
  tags,
  summary: "The invitee's set-password page opened its link: whether the link is good (marks it opened)",
  body: openClientInvitationBodySchema,
  response: { 200: openClientInvitationResultSchema },
  errors: [429],
});

export const getClientNotes = endpoint({
  method: 'GET',
  path: '/api/v1/contacts/:id/notes',
  roles: STAFF_ROLES,
  tags: ['Contacts'],
  summary: "Staff's note on a client (imported with them); never shown to the client",
  params: contactParamsSchema,
  response: { 200: clientNotesSchema },
});
