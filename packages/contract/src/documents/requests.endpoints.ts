import { STAFF_ROLES } from '../roles.ts';
import { endpoint } from '../common/endpoint.ts';
import { ticketParamsSchema } from '../tickets/ticket.ts';
import {
  createDocumentRequestsBodySchema,
  documentRequestListSchema,
  documentRequestParamsSchema,
  documentRequestSchema,
  listDocumentRequestsQuerySchema,
  requestDocumentBodySchema,
  unmatchRequestBodySchema,
} from './requests.ts';

const tags = ['Document requests'];

export const listTicketDocumentRequests = endpoint({
  method: 'GET',
  path: '/api/v1/tickets/:id/document-requests',
  tags,
  summary: "A ticket's document requests, oldest first (its customer or staff)",
  params: ticketParamsSchema,
  response: { 200: documentRequestListSchema },
});

export const createDocumentRequests = endpoint({
  method: 'POST',
  path: '/api/v1/tickets/:id/document-requests',
  roles: STAFF_ROLES,
  tags,
  summary: 'Staff: ask the customer for documents (checklist items and/or free text); the customer is told',
  params: ticketParamsSchema,
  body: createDocumentRequestsBodySchema,
  response: { 201: documentRequestListSchema },
});

export const cancelDocumentRequest = endpoint({
  method: 'POST',
  path: '/api/v1/document-requests/:id/cancel',
  roles: STAFF_ROLES,
  tags,
  summary: 'Staff: withdraw an open request (no more reminders)',
  params: documentRequestParamsSchema,
  response: { 200: documentRequestSchema },
});

export const listDocumentRequests = endpoint({
  method: 'GET',
  path: '/api/v1/document-requests',
  tags,
  summary: "The caller's requests across tickets (default: open), newest first; staff may pass customer_id",
  query: listDocumentRequestsQuerySchema,
  response: { 200: documentRequestListSchema },
});

export const confirmRequestDocument = endpoint({
  method: 'POST',
  path: '/api/v1/document-requests/:id/confirm',
  roles: ['Customer'],
  tags,
  summary:
    'The customer: this upload of theirs fulfils this open request (a proposal confirmed); 409 once it is not open',
  description:
    '409 once the request is not open (fulfilled, cancelled) or its ticket is cancelled. 422 for a file of another ' +
    'specific document type than the request asks for, or one the customer declined for it.',
  params: documentRequestParamsSchema,
  body: requestDocumentBodySchema,
  response: { 200: documentRequestSchema },
  errors: [409],
});

export const declineRequestDocument = endpoint({
  method: 'POST',
  path: '/api/v1/document-requests/:id/decline',
  roles: ['Customer'],
  tags,
  summary: 'The customer: this upload is not for this request; it is proposed no more, the request stays open',
  description:
    'The file is proposed for no request again (docs/decisions/0033). 409 once the request is not open; declining ' +
    'the same pair again changes nothing.',
  params: documentRequestParamsSchema,
  body: requestDocumentBodySchema,
  response: { 200: documentRequestSchema },
  errors: [409],
});

export const matchRequestDocument = endpoint({
  method: 'PUT',
  path: '/api/v1/document-requests/:id/document',
  roles: STAFF_ROLES,
  tags,
  summary:
    "Staff: which of the customer's documents fulfils this request (open, or fulfilled by another file); audited",
  description: '409 for a cancelled request or one on a cancelled ticket.',
  params: documentRequestParamsSchema,
  body: requestDocumentBodySchema,
  response: { 200: documentRequestSchema },
  errors: [409],
});

export const unmatchRequestDocument = endpoint({
  method: 'POST',
  path: '/api/v1/document-requests/:id/unmatch',
  roles: STAFF_ROLES,
  tags,
  summary:
    "Staff: take the file off a fulfilled request, which is open again; the reason goes to the ticket's audit trail",
  description: '409 unless the request is fulfilled. The file taken off is proposed for no request again.',
  params: documentRequestParamsSchema,
  body: unmatchRequestBodySchema,
  response: { 200: documentRequestSchema },
  errors: [409],
});
